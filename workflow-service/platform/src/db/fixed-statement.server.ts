// Statements of one shape whatever their values, written once as SQL text (decision 2800). Building a statement with
// Kysely's query builder and compiling it was a sixth of a command's CPU in the process that runs it, for texts that
// never change: the command path's statements are written with the `fixed` tag instead, whose text is made the first
// time its call site runs and kept, and whose values are bound as they are.
import { CompiledQuery, isOperationNodeSource, type Kysely } from 'kysely'

/** The text of each `fixed` call site: a tagged template's strings are one object per call site, for the process's life. */
const texts = new WeakMap<TemplateStringsArray, string>()

/**
 * A statement whose every `${value}` is one parameter ($1, $2, … in order), never a piece of SQL: a list is one array
 * parameter (`= ANY(${ids})`), a null is a parameter too, so no value can change the text and one text per call site is
 * right for every call. A Kysely expression (sql``, sql.ref, a query) given as a value is refused: it would change the
 * text, which this tag never remakes.
 */
export function fixed<R = unknown>(strings: TemplateStringsArray, ...values: unknown[]): CompiledQuery<R> {
  let text = texts.get(strings)
  if (text === undefined) {
    text = strings[0]
    for (let i = 1; i < strings.length; i++) text += `$${i}${strings[i]}`
    texts.set(strings, text)
  }
  for (const value of values) if (isOperationNodeSource(value)) throw new TypeError(`a fixed statement takes values only, not SQL: ${text}`)
  return CompiledQuery.raw(text, values) as CompiledQuery<R>
}

/** Runs a fixed statement and answers its rows. */
export async function rowsOf<R>(db: Pick<Kysely<unknown>, 'executeQuery'>, statement: CompiledQuery<R>): Promise<R[]> {
  return (await db.executeQuery(statement)).rows
}
