// Catalogue tables derived from the registry.
// Generated from the catalogue registry by `npm run catalogue:migration`; frozen once applied: never edit, add a new one.
import { type Kysely, sql } from 'kysely'

/** The tables and columns this and earlier generated migrations create (read by the generator). */
export const catalogueSnapshot: Record<string, string[]> = {
  "companies": [
    "id",
    "name",
    "kind",
    "head_company_id",
    "license_holder",
    "vink",
    "operate_region",
    "inn",
    "ogrn",
    "okved",
    "okato",
    "krk_code",
    "region_code",
    "ceo",
    "legal_address",
    "post_address",
    "contacts"
  ],
  "areas": [
    "id",
    "name",
    "kind",
    "company_id",
    "license",
    "number",
    "administrative_region_id",
    "area",
    "area_percent",
    "founded_year",
    "description",
    "expluatation_stage",
    "expluatation_time",
    "anthropogenic",
    "corner_points",
    "specifics",
    "nature_region",
    "nature_zone",
    "climatic",
    "topography",
    "terrain",
    "natural",
    "geocryological",
    "groundcover",
    "geobotanical",
    "biodiversity",
    "river_basin",
    "hydrological",
    "hydrographic"
  ],
  "measures_points": [
    "id",
    "name",
    "nomenclature",
    "kind",
    "category",
    "area_id",
    "point_number",
    "license",
    "periodicity",
    "economic_objects",
    "gathering_date",
    "gathering_location",
    "latitude",
    "longitude",
    "location_description",
    "landscape_description",
    "nature_zone",
    "nature_subzone",
    "pdk",
    "obuv",
    "odk",
    "avg_by_region",
    "water_resource_id",
    "controlled_target",
    "controlled_water_resource",
    "well_purpose",
    "aquifer",
    "aquifer_purpose",
    "groundwater_depth",
    "groundwater_depth_max",
    "flora_type"
  ],
  "measures_point_indications": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "name",
    "value",
    "measure",
    "mpc",
    "mpc_max"
  ],
  "water_resources": [
    "id",
    "name"
  ],
  "soil_types": [
    "id",
    "name"
  ],
  "report_templates": [
    "id",
    "name",
    "init_filename",
    "filepath",
    "date",
    "size"
  ],
  "scientific_researches": [
    "id",
    "name",
    "year",
    "implementer",
    "location",
    "purpose",
    "tasks",
    "content",
    "report_file",
    "conclusion"
  ],
  "ecomon_regional_report_areas": [
    "id",
    "name",
    "year",
    "explored_areas_total",
    "complex_areas_total",
    "measure_points_total",
    "measure_points_ambient_air",
    "measure_points_surface_water",
    "measure_points_soils",
    "observation_routes_length",
    "samples_total",
    "samples_ambient_air",
    "samples_surface_water",
    "samples_soils"
  ],
  "greenhouse_categories": [
    "id",
    "name"
  ],
  "greenhouse_activities": [
    "id",
    "year",
    "company_id",
    "activities"
  ],
  "ecomon_water_indicators": [
    "id",
    "name",
    "year",
    "water_resource_total",
    "measure_points_total",
    "measure_points_surface_water",
    "measure_points_sediment_layers",
    "samples_total",
    "samples_surface_water_geochemistry",
    "samples_sediment_layers_geochemistry",
    "samples_surface_water_radiation",
    "samples_sediment_layers_radiation",
    "samples_surface_water_biotesting",
    "samples_sediment_layers_biotesting"
  ],
  "water_systems": [
    "id",
    "name",
    "founded",
    "purpose",
    "tasks",
    "water_resources",
    "map"
  ],
  "ambient_air_reports": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "observer",
    "laboratory",
    "no2",
    "no",
    "co",
    "so2",
    "h2s",
    "ch4",
    "dust",
    "soot"
  ],
  "snow_cover_reports": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "observer",
    "laboratory",
    "ph",
    "ammonium_ion",
    "nitrate_ion",
    "sulphate_ion",
    "chloride_ion",
    "petrochemical",
    "phenols",
    "plumbum",
    "zinc"
  ],
  "surface_water_reports": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "observer",
    "laboratory",
    "ph",
    "dissolved_oxygen",
    "biological_oxygen",
    "ammonium_ion",
    "nitrite",
    "nitrate_ion",
    "phosphate_ion",
    "sulphate_ion",
    "chloride_ion",
    "petrochemical",
    "phenols",
    "iron",
    "copper",
    "manganese"
  ],
  "ground_water_reports": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "observer",
    "laboratory",
    "ph",
    "water_level",
    "mineralization",
    "hardness",
    "ammonium_ion",
    "nitrate_ion",
    "sulphate_ion",
    "chloride_ion",
    "petrochemical",
    "phenols",
    "iron",
    "manganese"
  ],
  "sediment_layer_reports": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "observer",
    "laboratory",
    "ph",
    "petrochemical",
    "plumbum",
    "cadmium",
    "zinc",
    "copper",
    "nickel",
    "chromium",
    "mercury"
  ],
  "soils_reports": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "observer",
    "laboratory",
    "ph",
    "humus",
    "petrochemical",
    "chloride_ion",
    "sulphate_ion",
    "plumbum",
    "cadmium",
    "zinc",
    "copper",
    "nickel",
    "mercury",
    "benzpyrene"
  ],
  "exposure_levels": [
    "id",
    "year",
    "area_id",
    "company_id",
    "stationary_sources",
    "flare_plants",
    "boiler_plants",
    "burned_associated_gas",
    "associated_gas_coefficient",
    "gross_emission_total",
    "gross_emission_fuel",
    "gross_emission_technological",
    "gross_emission_associated_gas",
    "wastes_cleaning_level",
    "wells_total",
    "wells_exploration",
    "wells_production",
    "wells_mothballed",
    "wells_abandoned",
    "water_intakes_surface",
    "water_intakes_ground",
    "water_consumption_total",
    "water_consumption_surface",
    "water_consumption_ground",
    "water_consumption_potable",
    "wastewater_outlets",
    "wastewater_normative_clean",
    "wastewater_normative_treated",
    "wastewater_polluted",
    "treatment_plants",
    "treatment_plants_capacity",
    "crossings_bridges",
    "crossings_culverts",
    "crossings_underwater",
    "crossings_oil_pipelines",
    "crossings_gas_pipelines",
    "land_usage",
    "land_violated",
    "land_polluted",
    "land_reclaimed",
    "land_share",
    "incidents_count",
    "incidents_volume",
    "incidents_land",
    "drilling_waste",
    "general_waste",
    "waste_storage_objects",
    "waste_storage_area",
    "waste_accumulation_objects",
    "waste_recycled",
    "recycling_plants",
    "waste_deactivated"
  ],
  "environmental_indicators": [
    "id",
    "year",
    "company_id",
    "area_id",
    "certification",
    "total_costs",
    "disturbed_lands_costs",
    "sludge_depot_costs",
    "associated_gas_costs",
    "accident_prevention_costs",
    "monitoring_costs",
    "management_systems_costs",
    "education_costs",
    "misc_costs"
  ],
  "ecomon_state_forecasts": [
    "id",
    "year",
    "area_id",
    "avg_fact_rate",
    "fact_level",
    "three_year_evolution",
    "three_year_rate",
    "three_year_level",
    "five_year_rate",
    "five_year_level",
    "enhancement_regular",
    "degradation_safe",
    "degradation_dangerous",
    "degradation_critical",
    "long_term_label",
    "long_term_description",
    "long_term_level"
  ],
  "ecomon_state_facts": [
    "id",
    "name",
    "year",
    "area_id",
    "rate",
    "level",
    "complex_rate",
    "complex_level"
  ],
  "ecomon_pollution_indexes": [
    "id",
    "year",
    "area_id",
    "grade_source",
    "rate",
    "level",
    "complex_rate",
    "complex_level"
  ],
  "ecomon_recommendations": [
    "id",
    "year",
    "area_id",
    "description"
  ],
  "mechanical_violations": [
    "id",
    "year",
    "area_id",
    "erosion_extremely",
    "erosion_strong",
    "erosion_moderate",
    "erosion_low",
    "erosion_very_low",
    "erosion_total",
    "recovery_full",
    "recovery_partial",
    "recovery_none",
    "recovery_total",
    "thermokarst",
    "cryogenic_slide",
    "frost_cracking",
    "thermal_erosion",
    "thermoabrasion",
    "deflation",
    "channel_processes",
    "soil_swelling",
    "landslides",
    "flooding",
    "exogenous_total",
    "results"
  ],
  "ecomon_fito_indicators": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "act_file",
    "protocol_file",
    "herbs_type",
    "herbs_cover",
    "herbs_riches",
    "mosses_cover",
    "lichens_cover",
    "negative_impact_rate",
    "negative_impact_level",
    "synanthropic_invasive_rate",
    "synanthropic_invasive_level"
  ],
  "ecomon_flora_indicators": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "act_file",
    "protocol_file",
    "plant_type",
    "zinc",
    "plumbum",
    "cadmium",
    "arsenic",
    "mercury"
  ],
  "ecomon_hydrological_indicators": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "act_file",
    "protocol_file",
    "consumption",
    "flow_avg_speed",
    "flow_max_speed",
    "sea_level_width",
    "avg_depth",
    "max_depth"
  ],
  "ecomon_hydrobiological_indicators": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "act_file",
    "protocol_file",
    "photos",
    "saprobity_rate",
    "quality_level",
    "purity_level"
  ],
  "ecomon_soils_radionuclides_indicators": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "act_file",
    "protocol_file",
    "mechanical_consist",
    "soil_type",
    "purity_level",
    "potassium",
    "radium",
    "thorium",
    "cesium",
    "strontium",
    "natural_radionuclides_rate",
    "radioactivity_pollution_level"
  ],
  "ecomon_snow_indicators": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "act_file",
    "protocol_file",
    "ammonium_ion",
    "nitrate_ion",
    "phenols",
    "pollution_index",
    "pollution_specification",
    "pollution_total",
    "metal_total"
  ],
  "ecomon_soils_geochemistry_indicators": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "act_file",
    "protocol_file",
    "acidity_level",
    "n",
    "phosphate_ion",
    "petrochemical",
    "barium",
    "c20h12",
    "total_pollution_rate",
    "total_pollution_level",
    "petrochemical_level"
  ],
  "ecomon_sediment_indicators": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "act_file",
    "protocol_file",
    "acidity_level",
    "sulphate_ion",
    "chloride_ion",
    "anionic_surfactants",
    "petrochemical",
    "iron",
    "manganese",
    "copper",
    "plumbum",
    "nickel",
    "chromium",
    "zinc",
    "total_pollution_rate",
    "total_pollution_level",
    "petrochemical_pollution_level"
  ],
  "ecomon_waters_indicators": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "act_file",
    "protocol_file",
    "photos",
    "acidity_level",
    "biological_oxygen",
    "ammonium_ion",
    "nitrate_ion",
    "sulphate_ion",
    "chloride_ion",
    "phosphate_ion",
    "petrochemical",
    "anionic_surfactants",
    "methanol",
    "iron",
    "manganese",
    "copper",
    "plumbum",
    "zinc",
    "nickel",
    "mercury",
    "chromium",
    "complex_pollution_rate",
    "complex_pollution_level",
    "high_pollution_rate",
    "extreme_pollution_rate"
  ],
  "ecomon_water_legacy_indicators": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "act_file",
    "protocol_file",
    "acidity_level",
    "dissolved_oxygen",
    "chemical_oxygen_demand",
    "biological_oxygen",
    "iron",
    "manganese",
    "copper",
    "zinc",
    "nickel",
    "petrochemical",
    "chromium",
    "phenols",
    "nitrite",
    "nitrate_ion",
    "sulphate_ion",
    "chloride_ion",
    "ammonium_ion",
    "phosphate_ion",
    "plumbum",
    "anionic_surfactants",
    "water_pollution_index",
    "pollution_level",
    "complex_pollution_rate"
  ],
  "ecomon_sediment_control_indicators": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "act_file",
    "protocol_file",
    "acidity_level",
    "sulphate_ion",
    "chloride_ion",
    "petrochemical",
    "iron",
    "copper",
    "plumbum",
    "zinc",
    "manganese",
    "potassium",
    "cesium",
    "toxicity_rate",
    "total_pollution_rate",
    "complex_pollution_level",
    "toxicity_level"
  ],
  "ecomon_waters_control_indicators": [
    "id",
    "measures_point_id",
    "year",
    "sampled",
    "act_file",
    "protocol_file",
    "acidity_level",
    "biological_oxygen",
    "nitrite",
    "nitrate_ion",
    "ammonium_ion",
    "petrochemical",
    "phenols",
    "iron",
    "manganese",
    "copper",
    "complex_pollution_rate",
    "complex_pollution_level",
    "conclusions"
  ],
  "waters_resource_inspection_results": [
    "id",
    "measures_point_id",
    "year",
    "visual_inspection",
    "eutrophication_exist",
    "hydrophytes_exist",
    "pollution_signs_exist",
    "ichthyofauna_death_exist",
    "photos"
  ],
  "observation_lichens": [
    "id",
    "year",
    "area_id",
    "photos",
    "lichen_rate",
    "pollution_level"
  ],
  "ecomon_lichen_legacy_indicators": [
    "id",
    "year",
    "area_id",
    "photos",
    "pollution_rate",
    "lichenocenosis_rate",
    "biotic_index",
    "researched_object",
    "results"
  ],
  "ecomon_hydrobiological_legacy_indicators": [
    "id",
    "year",
    "area_id",
    "saprobic_index",
    "biotic_index"
  ],
  "greenhouse_gases": [
    "id",
    "year",
    "greenhouse_category_id",
    "company_id",
    "co2",
    "ch4",
    "n2o",
    "sf6",
    "c2f6",
    "chf3",
    "cf4",
    "total"
  ],
  "water_system_conclusions": [
    "id",
    "year",
    "water_system_id",
    "conclusions",
    "suggestions",
    "map"
  ]
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw("CREATE INDEX \"measures_point_indications_year_idx\" ON \"measures_point_indications\" (\"year\")").execute(db)
  await sql.raw("CREATE INDEX \"water_resources_name_trgm_idx\" ON \"water_resources\" USING gin (lower(\"name\") gin_trgm_ops)").execute(db)
  await sql.raw("CREATE TABLE \"soil_types\" (\n  id serial PRIMARY KEY,\n  \"name\" text NOT NULL\n)").execute(db)
  await sql.raw("CREATE TABLE \"report_templates\" (\n  id serial PRIMARY KEY,\n  \"name\" text NOT NULL,\n  \"init_filename\" text NOT NULL,\n  \"filepath\" text NOT NULL,\n  \"date\" timestamp with time zone,\n  \"size\" integer\n)").execute(db)
  await sql.raw("CREATE INDEX \"report_templates_name_trgm_idx\" ON \"report_templates\" USING gin (lower(\"name\") gin_trgm_ops)").execute(db)
  await sql.raw("CREATE TABLE \"scientific_researches\" (\n  id serial PRIMARY KEY,\n  \"name\" text NOT NULL,\n  \"year\" integer NOT NULL,\n  \"implementer\" text,\n  \"location\" text,\n  \"purpose\" text,\n  \"tasks\" text,\n  \"content\" text,\n  \"report_file\" text,\n  \"conclusion\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"scientific_researches_name_trgm_idx\" ON \"scientific_researches\" USING gin (lower(\"name\") gin_trgm_ops)").execute(db)
  await sql.raw("CREATE INDEX \"scientific_researches_year_idx\" ON \"scientific_researches\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_regional_report_areas\" (\n  id serial PRIMARY KEY,\n  \"name\" text NOT NULL,\n  \"year\" integer NOT NULL,\n  \"explored_areas_total\" integer,\n  \"complex_areas_total\" integer,\n  \"measure_points_total\" integer,\n  \"measure_points_ambient_air\" integer,\n  \"measure_points_surface_water\" integer,\n  \"measure_points_soils\" integer,\n  \"observation_routes_length\" double precision,\n  \"samples_total\" integer,\n  \"samples_ambient_air\" integer,\n  \"samples_surface_water\" integer,\n  \"samples_soils\" integer\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_regional_report_areas_year_idx\" ON \"ecomon_regional_report_areas\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"greenhouse_categories\" (\n  id serial PRIMARY KEY,\n  \"name\" text NOT NULL\n)").execute(db)
  await sql.raw("CREATE TABLE \"greenhouse_activities\" (\n  id serial PRIMARY KEY,\n  \"year\" integer NOT NULL,\n  \"company_id\" integer NOT NULL REFERENCES \"companies\"(id) ON DELETE CASCADE,\n  \"activities\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"greenhouse_activities_company_id_year_idx\" ON \"greenhouse_activities\" (\"company_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"greenhouse_activities_year_idx\" ON \"greenhouse_activities\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_water_indicators\" (\n  id serial PRIMARY KEY,\n  \"name\" text NOT NULL,\n  \"year\" integer NOT NULL,\n  \"water_resource_total\" integer,\n  \"measure_points_total\" integer,\n  \"measure_points_surface_water\" integer,\n  \"measure_points_sediment_layers\" integer,\n  \"samples_total\" integer,\n  \"samples_surface_water_geochemistry\" integer,\n  \"samples_sediment_layers_geochemistry\" integer,\n  \"samples_surface_water_radiation\" integer,\n  \"samples_sediment_layers_radiation\" integer,\n  \"samples_surface_water_biotesting\" integer,\n  \"samples_sediment_layers_biotesting\" integer\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_water_indicators_year_idx\" ON \"ecomon_water_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_water_indicators_name_trgm_idx\" ON \"ecomon_water_indicators\" USING gin (lower(\"name\") gin_trgm_ops)").execute(db)
  await sql.raw("CREATE TABLE \"water_systems\" (\n  id serial PRIMARY KEY,\n  \"name\" text NOT NULL,\n  \"founded\" integer,\n  \"purpose\" text,\n  \"tasks\" text,\n  \"water_resources\" text[],\n  \"map\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"water_systems_name_trgm_idx\" ON \"water_systems\" USING gin (lower(\"name\") gin_trgm_ops)").execute(db)
  await sql.raw("CREATE TABLE \"ambient_air_reports\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"observer\" text,\n  \"laboratory\" text,\n  \"no2\" double precision,\n  \"no\" double precision,\n  \"co\" double precision,\n  \"so2\" double precision,\n  \"h2s\" double precision,\n  \"ch4\" double precision,\n  \"dust\" double precision,\n  \"soot\" double precision\n)").execute(db)
  await sql.raw("CREATE INDEX \"ambient_air_reports_measures_point_id_year_idx\" ON \"ambient_air_reports\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ambient_air_reports_year_idx\" ON \"ambient_air_reports\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"snow_cover_reports\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"observer\" text,\n  \"laboratory\" text,\n  \"ph\" double precision,\n  \"ammonium_ion\" double precision,\n  \"nitrate_ion\" double precision,\n  \"sulphate_ion\" double precision,\n  \"chloride_ion\" double precision,\n  \"petrochemical\" double precision,\n  \"phenols\" double precision,\n  \"plumbum\" double precision,\n  \"zinc\" double precision\n)").execute(db)
  await sql.raw("CREATE INDEX \"snow_cover_reports_measures_point_id_year_idx\" ON \"snow_cover_reports\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"snow_cover_reports_year_idx\" ON \"snow_cover_reports\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"surface_water_reports\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"observer\" text,\n  \"laboratory\" text,\n  \"ph\" double precision,\n  \"dissolved_oxygen\" double precision,\n  \"biological_oxygen\" double precision,\n  \"ammonium_ion\" double precision,\n  \"nitrite\" double precision,\n  \"nitrate_ion\" double precision,\n  \"phosphate_ion\" double precision,\n  \"sulphate_ion\" double precision,\n  \"chloride_ion\" double precision,\n  \"petrochemical\" double precision,\n  \"phenols\" double precision,\n  \"iron\" double precision,\n  \"copper\" double precision,\n  \"manganese\" double precision\n)").execute(db)
  await sql.raw("CREATE INDEX \"surface_water_reports_measures_point_id_year_idx\" ON \"surface_water_reports\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"surface_water_reports_year_idx\" ON \"surface_water_reports\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ground_water_reports\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"observer\" text,\n  \"laboratory\" text,\n  \"ph\" double precision,\n  \"water_level\" double precision,\n  \"mineralization\" double precision,\n  \"hardness\" double precision,\n  \"ammonium_ion\" double precision,\n  \"nitrate_ion\" double precision,\n  \"sulphate_ion\" double precision,\n  \"chloride_ion\" double precision,\n  \"petrochemical\" double precision,\n  \"phenols\" double precision,\n  \"iron\" double precision,\n  \"manganese\" double precision\n)").execute(db)
  await sql.raw("CREATE INDEX \"ground_water_reports_measures_point_id_year_idx\" ON \"ground_water_reports\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ground_water_reports_year_idx\" ON \"ground_water_reports\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"sediment_layer_reports\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"observer\" text,\n  \"laboratory\" text,\n  \"ph\" double precision,\n  \"petrochemical\" double precision,\n  \"plumbum\" double precision,\n  \"cadmium\" double precision,\n  \"zinc\" double precision,\n  \"copper\" double precision,\n  \"nickel\" double precision,\n  \"chromium\" double precision,\n  \"mercury\" double precision\n)").execute(db)
  await sql.raw("CREATE INDEX \"sediment_layer_reports_measures_point_id_year_idx\" ON \"sediment_layer_reports\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"sediment_layer_reports_year_idx\" ON \"sediment_layer_reports\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"soils_reports\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"observer\" text,\n  \"laboratory\" text,\n  \"ph\" double precision,\n  \"humus\" double precision,\n  \"petrochemical\" double precision,\n  \"chloride_ion\" double precision,\n  \"sulphate_ion\" double precision,\n  \"plumbum\" double precision,\n  \"cadmium\" double precision,\n  \"zinc\" double precision,\n  \"copper\" double precision,\n  \"nickel\" double precision,\n  \"mercury\" double precision,\n  \"benzpyrene\" double precision\n)").execute(db)
  await sql.raw("CREATE INDEX \"soils_reports_measures_point_id_year_idx\" ON \"soils_reports\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"soils_reports_year_idx\" ON \"soils_reports\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"exposure_levels\" (\n  id serial PRIMARY KEY,\n  \"year\" integer NOT NULL,\n  \"area_id\" integer REFERENCES \"areas\"(id) ON DELETE SET NULL,\n  \"company_id\" integer REFERENCES \"companies\"(id) ON DELETE SET NULL,\n  \"stationary_sources\" integer,\n  \"flare_plants\" integer,\n  \"boiler_plants\" integer,\n  \"burned_associated_gas\" double precision,\n  \"associated_gas_coefficient\" double precision,\n  \"gross_emission_total\" double precision,\n  \"gross_emission_fuel\" double precision,\n  \"gross_emission_technological\" double precision,\n  \"gross_emission_associated_gas\" double precision,\n  \"wastes_cleaning_level\" double precision,\n  \"wells_total\" integer,\n  \"wells_exploration\" integer,\n  \"wells_production\" integer,\n  \"wells_mothballed\" integer,\n  \"wells_abandoned\" integer,\n  \"water_intakes_surface\" integer,\n  \"water_intakes_ground\" integer,\n  \"water_consumption_total\" double precision,\n  \"water_consumption_surface\" double precision,\n  \"water_consumption_ground\" double precision,\n  \"water_consumption_potable\" double precision,\n  \"wastewater_outlets\" integer,\n  \"wastewater_normative_clean\" double precision,\n  \"wastewater_normative_treated\" double precision,\n  \"wastewater_polluted\" double precision,\n  \"treatment_plants\" integer,\n  \"treatment_plants_capacity\" double precision,\n  \"crossings_bridges\" integer,\n  \"crossings_culverts\" integer,\n  \"crossings_underwater\" integer,\n  \"crossings_oil_pipelines\" integer,\n  \"crossings_gas_pipelines\" integer,\n  \"land_usage\" double precision,\n  \"land_violated\" double precision,\n  \"land_polluted\" double precision,\n  \"land_reclaimed\" double precision,\n  \"land_share\" double precision,\n  \"incidents_count\" integer,\n  \"incidents_volume\" double precision,\n  \"incidents_land\" double precision,\n  \"drilling_waste\" double precision,\n  \"general_waste\" double precision,\n  \"waste_storage_objects\" integer,\n  \"waste_storage_area\" double precision,\n  \"waste_accumulation_objects\" integer,\n  \"waste_recycled\" double precision,\n  \"recycling_plants\" integer,\n  \"waste_deactivated\" double precision\n)").execute(db)
  await sql.raw("CREATE INDEX \"exposure_levels_company_id_year_idx\" ON \"exposure_levels\" (\"company_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"exposure_levels_area_id_year_idx\" ON \"exposure_levels\" (\"area_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"exposure_levels_year_idx\" ON \"exposure_levels\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"environmental_indicators\" (\n  id serial PRIMARY KEY,\n  \"year\" integer NOT NULL,\n  \"company_id\" integer REFERENCES \"companies\"(id) ON DELETE SET NULL,\n  \"area_id\" integer REFERENCES \"areas\"(id) ON DELETE SET NULL,\n  \"certification\" text,\n  \"total_costs\" double precision,\n  \"disturbed_lands_costs\" double precision,\n  \"sludge_depot_costs\" double precision,\n  \"associated_gas_costs\" double precision,\n  \"accident_prevention_costs\" double precision,\n  \"monitoring_costs\" double precision,\n  \"management_systems_costs\" double precision,\n  \"education_costs\" double precision,\n  \"misc_costs\" double precision\n)").execute(db)
  await sql.raw("CREATE INDEX \"environmental_indicators_company_id_year_idx\" ON \"environmental_indicators\" (\"company_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"environmental_indicators_area_id_year_idx\" ON \"environmental_indicators\" (\"area_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"environmental_indicators_year_idx\" ON \"environmental_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_state_forecasts\" (\n  id serial PRIMARY KEY,\n  \"year\" integer NOT NULL,\n  \"area_id\" integer REFERENCES \"areas\"(id) ON DELETE SET NULL,\n  \"avg_fact_rate\" double precision,\n  \"fact_level\" text,\n  \"three_year_evolution\" text,\n  \"three_year_rate\" double precision,\n  \"three_year_level\" text,\n  \"five_year_rate\" double precision,\n  \"five_year_level\" text,\n  \"enhancement_regular\" double precision,\n  \"degradation_safe\" double precision,\n  \"degradation_dangerous\" double precision,\n  \"degradation_critical\" double precision,\n  \"long_term_label\" text,\n  \"long_term_description\" text,\n  \"long_term_level\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_state_forecasts_area_id_year_idx\" ON \"ecomon_state_forecasts\" (\"area_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_state_forecasts_year_idx\" ON \"ecomon_state_forecasts\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_state_facts\" (\n  id serial PRIMARY KEY,\n  \"name\" text NOT NULL,\n  \"year\" integer NOT NULL,\n  \"area_id\" integer REFERENCES \"areas\"(id) ON DELETE SET NULL,\n  \"rate\" double precision,\n  \"level\" text,\n  \"complex_rate\" double precision,\n  \"complex_level\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_state_facts_area_id_year_idx\" ON \"ecomon_state_facts\" (\"area_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_state_facts_year_idx\" ON \"ecomon_state_facts\" (\"year\")").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_state_facts_name_year_idx\" ON \"ecomon_state_facts\" (\"name\", year)").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_pollution_indexes\" (\n  id serial PRIMARY KEY,\n  \"year\" integer NOT NULL,\n  \"area_id\" integer REFERENCES \"areas\"(id) ON DELETE SET NULL,\n  \"grade_source\" text,\n  \"rate\" double precision,\n  \"level\" text,\n  \"complex_rate\" double precision,\n  \"complex_level\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_pollution_indexes_area_id_year_idx\" ON \"ecomon_pollution_indexes\" (\"area_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_pollution_indexes_year_idx\" ON \"ecomon_pollution_indexes\" (\"year\")").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_pollution_indexes_grade_source_year_idx\" ON \"ecomon_pollution_indexes\" (\"grade_source\", year)").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_recommendations\" (\n  id serial PRIMARY KEY,\n  \"year\" integer NOT NULL,\n  \"area_id\" integer REFERENCES \"areas\"(id) ON DELETE SET NULL,\n  \"description\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_recommendations_area_id_year_idx\" ON \"ecomon_recommendations\" (\"area_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_recommendations_year_idx\" ON \"ecomon_recommendations\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"mechanical_violations\" (\n  id serial PRIMARY KEY,\n  \"year\" integer NOT NULL,\n  \"area_id\" integer REFERENCES \"areas\"(id) ON DELETE SET NULL,\n  \"erosion_extremely\" double precision,\n  \"erosion_strong\" double precision,\n  \"erosion_moderate\" double precision,\n  \"erosion_low\" double precision,\n  \"erosion_very_low\" double precision,\n  \"erosion_total\" double precision,\n  \"recovery_full\" double precision,\n  \"recovery_partial\" double precision,\n  \"recovery_none\" double precision,\n  \"recovery_total\" double precision,\n  \"thermokarst\" double precision,\n  \"cryogenic_slide\" double precision,\n  \"frost_cracking\" double precision,\n  \"thermal_erosion\" double precision,\n  \"thermoabrasion\" double precision,\n  \"deflation\" double precision,\n  \"channel_processes\" double precision,\n  \"soil_swelling\" double precision,\n  \"landslides\" double precision,\n  \"flooding\" double precision,\n  \"exogenous_total\" double precision,\n  \"results\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"mechanical_violations_area_id_year_idx\" ON \"mechanical_violations\" (\"area_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"mechanical_violations_year_idx\" ON \"mechanical_violations\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_fito_indicators\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"act_file\" text,\n  \"protocol_file\" text,\n  \"herbs_type\" text,\n  \"herbs_cover\" double precision,\n  \"herbs_riches\" integer,\n  \"mosses_cover\" double precision,\n  \"lichens_cover\" double precision,\n  \"negative_impact_rate\" double precision,\n  \"negative_impact_level\" text,\n  \"synanthropic_invasive_rate\" double precision,\n  \"synanthropic_invasive_level\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_fito_indicators_measures_point_id_year_idx\" ON \"ecomon_fito_indicators\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_fito_indicators_year_idx\" ON \"ecomon_fito_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_flora_indicators\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"act_file\" text,\n  \"protocol_file\" text,\n  \"plant_type\" text,\n  \"zinc\" double precision,\n  \"plumbum\" double precision,\n  \"cadmium\" double precision,\n  \"arsenic\" double precision,\n  \"mercury\" double precision\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_flora_indicators_measures_point_id_year_idx\" ON \"ecomon_flora_indicators\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_flora_indicators_year_idx\" ON \"ecomon_flora_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_hydrological_indicators\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"act_file\" text,\n  \"protocol_file\" text,\n  \"consumption\" double precision,\n  \"flow_avg_speed\" double precision,\n  \"flow_max_speed\" double precision,\n  \"sea_level_width\" double precision,\n  \"avg_depth\" double precision,\n  \"max_depth\" double precision\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_hydrological_indicators_measures_point_id_year_idx\" ON \"ecomon_hydrological_indicators\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_hydrological_indicators_year_idx\" ON \"ecomon_hydrological_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_hydrobiological_indicators\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"act_file\" text,\n  \"protocol_file\" text,\n  \"photos\" text,\n  \"saprobity_rate\" double precision,\n  \"quality_level\" text,\n  \"purity_level\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_hydrobiological_indicators_measures_point_id_year_idx\" ON \"ecomon_hydrobiological_indicators\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_hydrobiological_indicators_year_idx\" ON \"ecomon_hydrobiological_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_soils_radionuclides_indicators\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"act_file\" text,\n  \"protocol_file\" text,\n  \"mechanical_consist\" text,\n  \"soil_type\" text,\n  \"purity_level\" text,\n  \"potassium\" double precision,\n  \"radium\" double precision,\n  \"thorium\" double precision,\n  \"cesium\" double precision,\n  \"strontium\" double precision,\n  \"natural_radionuclides_rate\" double precision,\n  \"radioactivity_pollution_level\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_soils_radionuclides_indicators_measures_point_id_year_idx\" ON \"ecomon_soils_radionuclides_indicators\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_soils_radionuclides_indicators_year_idx\" ON \"ecomon_soils_radionuclides_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_snow_indicators\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"act_file\" text,\n  \"protocol_file\" text,\n  \"ammonium_ion\" double precision,\n  \"nitrate_ion\" double precision,\n  \"phenols\" double precision,\n  \"pollution_index\" double precision,\n  \"pollution_specification\" text,\n  \"pollution_total\" double precision,\n  \"metal_total\" double precision\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_snow_indicators_measures_point_id_year_idx\" ON \"ecomon_snow_indicators\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_snow_indicators_year_idx\" ON \"ecomon_snow_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_soils_geochemistry_indicators\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"act_file\" text,\n  \"protocol_file\" text,\n  \"acidity_level\" double precision,\n  \"n\" double precision,\n  \"phosphate_ion\" double precision,\n  \"petrochemical\" double precision,\n  \"barium\" double precision,\n  \"c20h12\" double precision,\n  \"total_pollution_rate\" double precision,\n  \"total_pollution_level\" text,\n  \"petrochemical_level\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_soils_geochemistry_indicators_measures_point_id_year_idx\" ON \"ecomon_soils_geochemistry_indicators\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_soils_geochemistry_indicators_year_idx\" ON \"ecomon_soils_geochemistry_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_sediment_indicators\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"act_file\" text,\n  \"protocol_file\" text,\n  \"acidity_level\" double precision,\n  \"sulphate_ion\" double precision,\n  \"chloride_ion\" double precision,\n  \"anionic_surfactants\" double precision,\n  \"petrochemical\" double precision,\n  \"iron\" double precision,\n  \"manganese\" double precision,\n  \"copper\" double precision,\n  \"plumbum\" double precision,\n  \"nickel\" double precision,\n  \"chromium\" double precision,\n  \"zinc\" double precision,\n  \"total_pollution_rate\" double precision,\n  \"total_pollution_level\" text,\n  \"petrochemical_pollution_level\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_sediment_indicators_measures_point_id_year_idx\" ON \"ecomon_sediment_indicators\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_sediment_indicators_year_idx\" ON \"ecomon_sediment_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_waters_indicators\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"act_file\" text,\n  \"protocol_file\" text,\n  \"photos\" text,\n  \"acidity_level\" double precision,\n  \"biological_oxygen\" double precision,\n  \"ammonium_ion\" double precision,\n  \"nitrate_ion\" double precision,\n  \"sulphate_ion\" double precision,\n  \"chloride_ion\" double precision,\n  \"phosphate_ion\" double precision,\n  \"petrochemical\" double precision,\n  \"anionic_surfactants\" double precision,\n  \"methanol\" double precision,\n  \"iron\" double precision,\n  \"manganese\" double precision,\n  \"copper\" double precision,\n  \"plumbum\" double precision,\n  \"zinc\" double precision,\n  \"nickel\" double precision,\n  \"mercury\" double precision,\n  \"chromium\" double precision,\n  \"complex_pollution_rate\" double precision,\n  \"complex_pollution_level\" text,\n  \"high_pollution_rate\" integer,\n  \"extreme_pollution_rate\" integer\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_waters_indicators_measures_point_id_year_idx\" ON \"ecomon_waters_indicators\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_waters_indicators_year_idx\" ON \"ecomon_waters_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_water_legacy_indicators\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"act_file\" text,\n  \"protocol_file\" text,\n  \"acidity_level\" double precision,\n  \"dissolved_oxygen\" double precision,\n  \"chemical_oxygen_demand\" double precision,\n  \"biological_oxygen\" double precision,\n  \"iron\" double precision,\n  \"manganese\" double precision,\n  \"copper\" double precision,\n  \"zinc\" double precision,\n  \"nickel\" double precision,\n  \"petrochemical\" double precision,\n  \"chromium\" double precision,\n  \"phenols\" double precision,\n  \"nitrite\" double precision,\n  \"nitrate_ion\" double precision,\n  \"sulphate_ion\" double precision,\n  \"chloride_ion\" double precision,\n  \"ammonium_ion\" double precision,\n  \"phosphate_ion\" double precision,\n  \"plumbum\" double precision,\n  \"anionic_surfactants\" double precision,\n  \"water_pollution_index\" double precision,\n  \"pollution_level\" text,\n  \"complex_pollution_rate\" double precision\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_water_legacy_indicators_measures_point_id_year_idx\" ON \"ecomon_water_legacy_indicators\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_water_legacy_indicators_year_idx\" ON \"ecomon_water_legacy_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_sediment_control_indicators\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"act_file\" text,\n  \"protocol_file\" text,\n  \"acidity_level\" double precision,\n  \"sulphate_ion\" double precision,\n  \"chloride_ion\" double precision,\n  \"petrochemical\" double precision,\n  \"iron\" double precision,\n  \"copper\" double precision,\n  \"plumbum\" double precision,\n  \"zinc\" double precision,\n  \"manganese\" double precision,\n  \"potassium\" double precision,\n  \"cesium\" double precision,\n  \"toxicity_rate\" double precision,\n  \"total_pollution_rate\" double precision,\n  \"complex_pollution_level\" text,\n  \"toxicity_level\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_sediment_control_indicators_measures_point_id_year_idx\" ON \"ecomon_sediment_control_indicators\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_sediment_control_indicators_year_idx\" ON \"ecomon_sediment_control_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_waters_control_indicators\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"sampled\" timestamp with time zone,\n  \"act_file\" text,\n  \"protocol_file\" text,\n  \"acidity_level\" double precision,\n  \"biological_oxygen\" double precision,\n  \"nitrite\" double precision,\n  \"nitrate_ion\" double precision,\n  \"ammonium_ion\" double precision,\n  \"petrochemical\" double precision,\n  \"phenols\" double precision,\n  \"iron\" double precision,\n  \"manganese\" double precision,\n  \"copper\" double precision,\n  \"complex_pollution_rate\" double precision,\n  \"complex_pollution_level\" text,\n  \"conclusions\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_waters_control_indicators_measures_point_id_year_idx\" ON \"ecomon_waters_control_indicators\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_waters_control_indicators_year_idx\" ON \"ecomon_waters_control_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"waters_resource_inspection_results\" (\n  id serial PRIMARY KEY,\n  \"measures_point_id\" integer NOT NULL REFERENCES \"measures_points\"(id) ON DELETE CASCADE,\n  \"year\" integer NOT NULL,\n  \"visual_inspection\" text,\n  \"eutrophication_exist\" boolean,\n  \"hydrophytes_exist\" boolean,\n  \"pollution_signs_exist\" boolean,\n  \"ichthyofauna_death_exist\" boolean,\n  \"photos\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"waters_resource_inspection_results_measures_point_id_year_idx\" ON \"waters_resource_inspection_results\" (\"measures_point_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"waters_resource_inspection_results_year_idx\" ON \"waters_resource_inspection_results\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"observation_lichens\" (\n  id serial PRIMARY KEY,\n  \"year\" integer NOT NULL,\n  \"area_id\" integer REFERENCES \"areas\"(id) ON DELETE SET NULL,\n  \"photos\" text,\n  \"lichen_rate\" double precision,\n  \"pollution_level\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"observation_lichens_area_id_year_idx\" ON \"observation_lichens\" (\"area_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"observation_lichens_year_idx\" ON \"observation_lichens\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_lichen_legacy_indicators\" (\n  id serial PRIMARY KEY,\n  \"year\" integer NOT NULL,\n  \"area_id\" integer REFERENCES \"areas\"(id) ON DELETE SET NULL,\n  \"photos\" text,\n  \"pollution_rate\" double precision,\n  \"lichenocenosis_rate\" double precision,\n  \"biotic_index\" double precision,\n  \"researched_object\" text,\n  \"results\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_lichen_legacy_indicators_area_id_year_idx\" ON \"ecomon_lichen_legacy_indicators\" (\"area_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_lichen_legacy_indicators_year_idx\" ON \"ecomon_lichen_legacy_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"ecomon_hydrobiological_legacy_indicators\" (\n  id serial PRIMARY KEY,\n  \"year\" integer NOT NULL,\n  \"area_id\" integer REFERENCES \"areas\"(id) ON DELETE SET NULL,\n  \"saprobic_index\" double precision,\n  \"biotic_index\" double precision\n)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_hydrobiological_legacy_indicators_area_id_year_idx\" ON \"ecomon_hydrobiological_legacy_indicators\" (\"area_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"ecomon_hydrobiological_legacy_indicators_year_idx\" ON \"ecomon_hydrobiological_legacy_indicators\" (\"year\")").execute(db)
  await sql.raw("CREATE TABLE \"greenhouse_gases\" (\n  id serial PRIMARY KEY,\n  \"year\" integer NOT NULL,\n  \"greenhouse_category_id\" integer NOT NULL REFERENCES \"greenhouse_categories\"(id) ON DELETE CASCADE,\n  \"company_id\" integer NOT NULL REFERENCES \"companies\"(id) ON DELETE CASCADE,\n  \"co2\" double precision,\n  \"ch4\" double precision,\n  \"n2o\" double precision,\n  \"sf6\" double precision,\n  \"c2f6\" double precision,\n  \"chf3\" double precision,\n  \"cf4\" double precision,\n  \"total\" double precision\n)").execute(db)
  await sql.raw("CREATE INDEX \"greenhouse_gases_year_idx\" ON \"greenhouse_gases\" (\"year\")").execute(db)
  await sql.raw("CREATE INDEX \"greenhouse_gases_greenhouse_category_id_year_idx\" ON \"greenhouse_gases\" (\"greenhouse_category_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"greenhouse_gases_company_id_year_idx\" ON \"greenhouse_gases\" (\"company_id\", year)").execute(db)
  await sql.raw("CREATE TABLE \"water_system_conclusions\" (\n  id serial PRIMARY KEY,\n  \"year\" integer NOT NULL,\n  \"water_system_id\" integer NOT NULL REFERENCES \"water_systems\"(id) ON DELETE CASCADE,\n  \"conclusions\" text,\n  \"suggestions\" text,\n  \"map\" text\n)").execute(db)
  await sql.raw("CREATE INDEX \"water_system_conclusions_water_system_id_year_idx\" ON \"water_system_conclusions\" (\"water_system_id\", year)").execute(db)
  await sql.raw("CREATE INDEX \"water_system_conclusions_year_idx\" ON \"water_system_conclusions\" (\"year\")").execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("DROP TABLE IF EXISTS \"water_system_conclusions\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"greenhouse_gases\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_hydrobiological_legacy_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_lichen_legacy_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"observation_lichens\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"waters_resource_inspection_results\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_waters_control_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_sediment_control_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_water_legacy_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_waters_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_sediment_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_soils_geochemistry_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_snow_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_soils_radionuclides_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_hydrobiological_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_hydrological_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_flora_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_fito_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"mechanical_violations\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_recommendations\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_pollution_indexes\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_state_facts\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_state_forecasts\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"environmental_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"exposure_levels\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"soils_reports\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"sediment_layer_reports\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ground_water_reports\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"surface_water_reports\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"snow_cover_reports\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ambient_air_reports\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"water_systems\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_water_indicators\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"greenhouse_activities\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"greenhouse_categories\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"ecomon_regional_report_areas\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"scientific_researches\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"report_templates\" CASCADE").execute(db)
  await sql.raw("DROP TABLE IF EXISTS \"soil_types\" CASCADE").execute(db)
  await sql.raw("DROP INDEX IF EXISTS \"water_resources_name_trgm_idx\"").execute(db)
  await sql.raw("DROP INDEX IF EXISTS \"measures_point_indications_year_idx\"").execute(db)
}
