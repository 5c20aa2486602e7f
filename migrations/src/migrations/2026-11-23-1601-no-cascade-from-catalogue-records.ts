// Deleting a catalogue record never takes other records with it: every foreign key of the catalogue that deleted
// by cascade (a point's readings, a company's greenhouse gases…) now refuses the delete while rows depend on it.
// Published readings are the Department's agreed data; the portal's delete paths refuse first with a message.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    DO $$
    DECLARE c record;
    BEGIN
      FOR c IN
        SELECT con.conname, con.conrelid::regclass AS tbl, pg_get_constraintdef(con.oid) AS def
        FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace
        WHERE con.contype = 'f' AND con.confdeltype = 'c' AND n.nspname = 'public'
          -- Session rows still go with their user: they are not data anyone agreed.
          AND con.conrelid::regclass::text <> 'sessions'
      LOOP
        EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I, ADD CONSTRAINT %I %s',
          c.tbl, c.conname, c.conname, replace(c.def, ' ON DELETE CASCADE', ''));
      END LOOP;
    END
    $$`.execute(db)
}

export async function down(): Promise<void> {
  // The cascades are not brought back: a down migration must not make agreed data deletable by accident.
}
