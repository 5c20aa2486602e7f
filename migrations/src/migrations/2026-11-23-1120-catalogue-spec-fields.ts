// Catalogue tables derived from the registry.
// Generated from the catalogue registry by `npm run catalogue:migration`; frozen once applied: never edit, add a new one.
import { type Kysely, sql } from 'kysely'

/** The tables and columns this migration creates (the generator reads the union of every migration's). */
export const catalogueSnapshot: Record<string, string[]> = {
  "exposure_levels": [
    "waste_accumulation_area"
  ],
  "ecomon_fito_indicators": [
    "photos",
    "herbs_vitality",
    "herbs_height",
    "shrubs_type",
    "shrubs_cover",
    "shrubs_riches",
    "shrubs_vitality",
    "shrubs_height",
    "mosses_type",
    "mosses_riches",
    "mosses_vitality",
    "mosses_height",
    "lichens_type",
    "lichens_riches",
    "lichens_vitality",
    "lichens_height"
  ],
  "ecomon_soils_radionuclides_indicators": [
    "photos"
  ],
  "ecomon_sediment_indicators": [
    "pollution_level"
  ],
  "ecomon_waters_indicators": [
    "high_pollution_level",
    "extreme_pollution_level"
  ],
  "ecomon_water_legacy_indicators": [
    "extreme_pollution_rate",
    "high_pollution_rate"
  ],
  "ecomon_sediment_control_indicators": [
    "dissolved_oxygen",
    "anionic_surfactants",
    "nickel",
    "chromium",
    "radium",
    "thorium",
    "natural_radionuclides_rate",
    "petrochemical_level",
    "radioactivity_level"
  ],
  "ecomon_waters_control_indicators": [
    "phosphate_ion",
    "sulphate_ion",
    "chloride_ion",
    "anionic_surfactants",
    "methanol",
    "plumbum",
    "zinc",
    "nickel",
    "chromium",
    "mercury",
    "radioactivity_rate",
    "toxicity_rate",
    "high_pollution_rate",
    "extreme_pollution_rate",
    "dissolved_oxygen_level",
    "biological_oxygen_level",
    "radioactivity_level",
    "toxicity_level"
  ]
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw("ALTER TABLE \"exposure_levels\" ADD COLUMN \"waste_accumulation_area\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"photos\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"herbs_vitality\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"herbs_height\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"shrubs_type\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"shrubs_cover\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"shrubs_riches\" integer").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"shrubs_vitality\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"shrubs_height\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"mosses_type\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"mosses_riches\" integer").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"mosses_vitality\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"mosses_height\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"lichens_type\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"lichens_riches\" integer").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"lichens_vitality\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" ADD COLUMN \"lichens_height\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_soils_radionuclides_indicators\" ADD COLUMN \"photos\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_indicators\" ADD COLUMN \"pollution_level\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_indicators\" ADD COLUMN \"high_pollution_level\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_indicators\" ADD COLUMN \"extreme_pollution_level\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_water_legacy_indicators\" ADD COLUMN \"extreme_pollution_rate\" integer").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_water_legacy_indicators\" ADD COLUMN \"high_pollution_rate\" integer").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" ADD COLUMN \"dissolved_oxygen\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" ADD COLUMN \"anionic_surfactants\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" ADD COLUMN \"nickel\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" ADD COLUMN \"chromium\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" ADD COLUMN \"radium\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" ADD COLUMN \"thorium\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" ADD COLUMN \"natural_radionuclides_rate\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" ADD COLUMN \"petrochemical_level\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" ADD COLUMN \"radioactivity_level\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"phosphate_ion\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"sulphate_ion\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"chloride_ion\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"anionic_surfactants\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"methanol\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"plumbum\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"zinc\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"nickel\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"chromium\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"mercury\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"radioactivity_rate\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"toxicity_rate\" double precision").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"high_pollution_rate\" integer").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"extreme_pollution_rate\" integer").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"dissolved_oxygen_level\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"biological_oxygen_level\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"radioactivity_level\" text").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" ADD COLUMN \"toxicity_level\" text").execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"toxicity_level\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"radioactivity_level\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"biological_oxygen_level\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"dissolved_oxygen_level\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"extreme_pollution_rate\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"high_pollution_rate\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"toxicity_rate\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"radioactivity_rate\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"mercury\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"chromium\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"nickel\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"zinc\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"plumbum\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"methanol\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"anionic_surfactants\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"chloride_ion\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"sulphate_ion\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_control_indicators\" DROP COLUMN IF EXISTS \"phosphate_ion\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" DROP COLUMN IF EXISTS \"radioactivity_level\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" DROP COLUMN IF EXISTS \"petrochemical_level\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" DROP COLUMN IF EXISTS \"natural_radionuclides_rate\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" DROP COLUMN IF EXISTS \"thorium\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" DROP COLUMN IF EXISTS \"radium\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" DROP COLUMN IF EXISTS \"chromium\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" DROP COLUMN IF EXISTS \"nickel\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" DROP COLUMN IF EXISTS \"anionic_surfactants\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_control_indicators\" DROP COLUMN IF EXISTS \"dissolved_oxygen\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_water_legacy_indicators\" DROP COLUMN IF EXISTS \"high_pollution_rate\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_water_legacy_indicators\" DROP COLUMN IF EXISTS \"extreme_pollution_rate\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_indicators\" DROP COLUMN IF EXISTS \"extreme_pollution_level\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_waters_indicators\" DROP COLUMN IF EXISTS \"high_pollution_level\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_sediment_indicators\" DROP COLUMN IF EXISTS \"pollution_level\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_soils_radionuclides_indicators\" DROP COLUMN IF EXISTS \"photos\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"lichens_height\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"lichens_vitality\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"lichens_riches\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"lichens_type\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"mosses_height\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"mosses_vitality\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"mosses_riches\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"mosses_type\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"shrubs_height\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"shrubs_vitality\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"shrubs_riches\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"shrubs_cover\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"shrubs_type\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"herbs_height\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"herbs_vitality\"").execute(db)
  await sql.raw("ALTER TABLE \"ecomon_fito_indicators\" DROP COLUMN IF EXISTS \"photos\"").execute(db)
  await sql.raw("ALTER TABLE \"exposure_levels\" DROP COLUMN IF EXISTS \"waste_accumulation_area\"").execute(db)
}
