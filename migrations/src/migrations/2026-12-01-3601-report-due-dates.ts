// The due dates the administrator sets per report type and reporting year (reference data of kind `due-date`, decision
// 3601). A type and year without a row is due on its default, so the table starts empty.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE report_due_dates (
    id serial PRIMARY KEY,
    report_type text NOT NULL CHECK (report_type IN ('program', 'observation_results', 'final_report', 'greenhouse_gases')),
    year int NOT NULL CHECK (year BETWEEN 2000 AND 2100),
    due_date date NOT NULL CHECK (due_date >= make_date(year, 1, 1)),
    retired boolean NOT NULL DEFAULT false,
    UNIQUE (report_type, year)
  )`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE report_due_dates`.execute(db)
}
