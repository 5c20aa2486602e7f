// The tables of the public record the portal's role may only add to, named once for the grants and the migration.
/**
 * The tables of published readings (those a report's files publish to; workflow-service's registry declares them and a
 * test holds the two lists equal). The portal inserts into them, and withdraws a file's rows only through the owner's
 * function `withdraw_published_file`: it can never change or remove a published reading (decision 3310).
 */
export const PUBLISHED_READING_TABLES = ['measures_point_indications', 'greenhouse_gases'] as const

/** What the portal may only add to: the published readings and the list of which file published which row. */
export const PUBLIC_RECORD_TABLES = [...PUBLISHED_READING_TABLES, 'import_published_rows'] as const

