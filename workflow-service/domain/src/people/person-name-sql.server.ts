// The SQL of a person's name beside a read model's login (decision 2670); the words around it are person-name.ts.
import { sql, type RawBuilder } from 'kysely'

/**
 * The SQL of a person's name by the account id a read model keeps beside the login: the account's current full name,
 * else the login recorded with the event (an account without a name, background work, demo data without an account).
 */
export function personNameSql(userId: RawBuilder<unknown> | ReturnType<typeof sql.ref>, username: RawBuilder<unknown> | ReturnType<typeof sql.ref>) {
  return sql<string>`COALESCE((SELECT NULLIF(btrim(pu.full_name), '') FROM users pu WHERE pu.id = ${userId}), ${username})`
}
