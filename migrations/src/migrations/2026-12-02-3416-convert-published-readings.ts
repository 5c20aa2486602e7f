// A substance's unit change converts its published readings (decision 3416). The portal's role still cannot UPDATE a
// published reading (decision 3310): the conversion goes through this function of the owner's, which changes only the
// readings of one substance in one unit, only by a power of ten, and the staged rows of that substance in that unit
// with them (a checked file's rows are published as staged, and verify compares the public rows with them). The
// reference change that calls it records the factor in the same transaction.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    CREATE OR REPLACE FUNCTION convert_by_power(x float8, p_power integer) RETURNS float8
    LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE WHEN x IS NULL THEN NULL
                  WHEN p_power > 0 THEN ((x * power(10::float8, p_power))::numeric)::float8
                  ELSE ((x / power(10::float8, -p_power))::numeric)::float8 END
    $$`,
    )
    .execute(db)
  await sql
    .raw(
      `
    CREATE OR REPLACE FUNCTION convert_published_readings(p_name text, p_from text, p_to text, p_power integer) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      n integer;
    BEGIN
      IF p_power IS NULL OR p_power = 0 OR abs(p_power) > 6 OR p_from = p_to THEN
        RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege', MESSAGE = format('no conversion by 10^%s from %s to %s', p_power, p_from, p_to);
      END IF;
      -- 15 significant digits, as convertUnit keeps them (float8 to numeric rounds to 15): 0,07 мг/м³ is 70 мкг/м³.
      UPDATE measures_point_indications SET
        value = convert_by_power(value, p_power),
        mpc = convert_by_power(mpc, p_power),
        mpc_max = convert_by_power(mpc_max, p_power),
        measure = p_to
      WHERE name = p_name AND measure = p_from;
      GET DIAGNOSTICS n = ROW_COUNT;
      UPDATE import_staged_rows SET data = data || jsonb_build_object(
          'value', convert_by_power((data->>'value')::float8, p_power),
          'mpc', convert_by_power((data->>'mpc')::float8, p_power),
          'mpc_max', convert_by_power((data->>'mpc_max')::float8, p_power),
          'measure', p_to)
      WHERE target_table = 'measures_point_indications' AND data->>'name' = p_name AND data->>'measure' = p_from;
      RETURN n;
    END
    $$`,
    )
    .execute(db)
  await sql`REVOKE ALL ON FUNCTION convert_published_readings(text, text, text, integer) FROM PUBLIC`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS convert_published_readings(text, text, text, integer)`.execute(db)
  await sql`DROP FUNCTION IF EXISTS convert_by_power(float8, integer)`.execute(db)
}
