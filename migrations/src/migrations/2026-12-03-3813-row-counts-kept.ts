// The number of rows of a table kept beside it (issue 38, decision 3813): a list shown whole (the companies page, for
// everyone but the Department and the Administrator, who alone may search it) read its total with count(*), a scan
// that grew with the data on every cache miss. Triggers keep the count in the transaction that adds or removes the
// rows, so a reader sees the rows and their count from the same snapshot.
import { type Kysely, sql } from 'kysely'
import { notifyPublicChanges } from './2026-11-23-1701-public-change-notify.ts'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE table_row_counts (
      table_name text PRIMARY KEY,
      count bigint NOT NULL CHECK (count >= 0)
    )`.execute(db)
  // One statement's rows counted once (its transition table), however many it adds or removes.
  await sql`
    CREATE FUNCTION keep_row_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE table_row_counts SET count = count + (SELECT count(*) FROM added) WHERE table_name = TG_TABLE_NAME;
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE table_row_counts SET count = count - (SELECT count(*) FROM removed) WHERE table_name = TG_TABLE_NAME;
      ELSE
        UPDATE table_row_counts SET count = 0 WHERE table_name = TG_TABLE_NAME;
      END IF;
      RETURN NULL;
    END $$`.execute(db)
  // No company added or removed between the first count and the triggers that keep it.
  await sql`LOCK TABLE companies IN SHARE ROW EXCLUSIVE MODE`.execute(db)
  await sql`INSERT INTO table_row_counts (table_name, count) SELECT 'companies', count(*) FROM companies`.execute(db)
  await sql`CREATE TRIGGER companies_count_added AFTER INSERT ON companies REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION keep_row_count()`.execute(db)
  await sql`CREATE TRIGGER companies_count_removed AFTER DELETE ON companies REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION keep_row_count()`.execute(db)
  await sql`CREATE TRIGGER companies_count_emptied AFTER TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION keep_row_count()`.execute(db)
  // The public sees the count (a list's total): its changes tell the caches, as every public table's do.
  await notifyPublicChanges(db, 'table_row_counts')
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER companies_count_emptied ON companies`.execute(db)
  await sql`DROP TRIGGER companies_count_removed ON companies`.execute(db)
  await sql`DROP TRIGGER companies_count_added ON companies`.execute(db)
  await sql`DROP FUNCTION keep_row_count()`.execute(db)
  await sql`DROP TABLE table_row_counts`.execute(db)
}
