#!/bin/sh
# Runs once, when the postgres service initialises an empty data volume: the portal's own login role. The owner
# (POSTGRES_USER) applies the migrations and gives this role only the rights the portal needs (decision 1502).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v app_password="$PORTAL_APP_PASSWORD" <<'SQL'
CREATE ROLE portal_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD :'app_password';
SQL
