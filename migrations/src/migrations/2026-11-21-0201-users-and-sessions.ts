// Users, their server-side sessions and the failed-login log that throttles password guessing.
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id serial PRIMARY KEY,
      username text NOT NULL CHECK (length(username) BETWEEN 1 AND 100),
      password_hash text NOT NULL,
      groups text[] NOT NULL DEFAULT '{}'
        CHECK (groups <@ ARRAY['Департамент', 'Администратор', 'Недропользователь', 'Администрация']::text[]),
      company_id integer REFERENCES companies(id),
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      -- A license holder acts for exactly one company: without it every ':own' check would refuse anyway.
      CONSTRAINT users_holder_has_company CHECK (NOT ('Недропользователь' = ANY (groups)) OR company_id IS NOT NULL)
    )`.execute(db)
  // Logins are matched case-insensitively, so two accounts may not differ only by case.
  await sql`CREATE UNIQUE INDEX users_username_key ON users (lower(username))`.execute(db)
  await sql`CREATE INDEX users_company_idx ON users (company_id)`.execute(db)

  // id is the SHA-256 of the cookie's random token: a copy of this table does not give live cookies.
  await sql`
    CREATE TABLE sessions (
      id text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      csrf_token text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db)
  await sql`CREATE INDEX sessions_user_idx ON sessions (user_id)`.execute(db)
  await sql`CREATE INDEX sessions_last_seen_idx ON sessions (last_seen_at)`.execute(db)
  await sql`CREATE INDEX sessions_expires_idx ON sessions (expires_at)`.execute(db)

  await sql`
    CREATE TABLE login_failures (
      id bigserial PRIMARY KEY,
      username text NOT NULL,
      address text NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`CREATE INDEX login_failures_key_idx ON login_failures (username, address, failed_at)`.execute(db)
  await sql`CREATE INDEX login_failures_failed_at_idx ON login_failures (failed_at)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE login_failures`.execute(db)
  await sql`DROP TABLE sessions`.execute(db)
  await sql`DROP TABLE users`.execute(db)
}
