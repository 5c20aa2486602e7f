// `npm run verify-public -- URL`: checks a running portal's transparency record from outside, with no secret
// (decision 3710) — every key matches its fingerprint, every statement is signed by a key the record lists, each
// statement extends the one before it, and the published readings downloaded now hash to the digest the newest
// statement signed. It reads only the public API; it says what it checked line by line and every failure apart.
import { rowDigestAccumulator } from './row-digest.ts'
import { type CheckpointStatement, fingerprintOf, GENESIS_HASH, type PublishedDigest, signatureHolds, statementHash, statementText } from './statement.ts'
import type { TransparencyIndex, TransparencyRows } from './transparency-reads.server.ts'

export interface VerifyPublicOptions {
  /** The fingerprint the Department publishes: the record's current key must be it. */
  fingerprint?: string
  /** How often to look again while events after the newest statement are not signed yet, and how long between. */
  tries?: number
  waitMs?: number
  say: (line: string) => void
}

export interface VerifyPublicVerdict {
  ok: boolean
  failures: string[]
}

class Unreadable extends Error {}

async function readJson<T>(url: string): Promise<T> {
  let answer: Response
  try {
    answer = await fetch(url, { headers: { accept: 'application/json' } })
  } catch (error) {
    throw new Unreadable(`${url}: нет ответа (${(error as Error).message})`)
  }
  if (!answer.ok) throw new Unreadable(`${url}: ответ ${answer.status}`)
  return (await answer.json()) as T
}

async function readIndex(api: string): Promise<TransparencyIndex> {
  let after = 0
  let first: TransparencyIndex | null = null
  const statements: TransparencyIndex['statements'] = []
  for (;;) {
    const page = await readJson<TransparencyIndex>(`${api}/transparency/?after=${after}`)
    first ??= page
    statements.push(...page.statements)
    if (page.next === null) break
    after = page.next
  }
  return { ...first, statements }
}

/** The statements' failures: keys against their fingerprints, signatures, the chain from one statement to the next. */
function checkStatements(index: TransparencyIndex, options: VerifyPublicOptions): { failures: string[]; statements: CheckpointStatement[] } {
  const failures: string[] = []
  const keys = new Map<string, string>()
  for (const key of index.keys) {
    if (fingerprintOf(key.publicKey) !== key.fingerprint) failures.push(`ключ ${key.fingerprint}: открытый ключ ему не соответствует`)
    else keys.set(key.fingerprint, key.publicKey)
  }
  const current = index.keys.at(-1)?.fingerprint ?? null
  if (options.fingerprint && current !== options.fingerprint) failures.push(`ключ подписи ${current ?? '(нет)'}, а опубликован ${options.fingerprint}`)
  const statements: CheckpointStatement[] = []
  let previous: { hash: string; toPosition: number } | null = null
  for (const signed of index.statements) {
    const where = `контрольная точка ${signed.toPosition}`
    let statement: CheckpointStatement
    try {
      statement = JSON.parse(signed.statement) as CheckpointStatement
    } catch {
      failures.push(`${where}: текст заявления не JSON`)
      continue
    }
    if (statementText(statement) !== signed.statement) failures.push(`${where}: текст заявления не в каноническом виде`)
    const publicKey = keys.get(statement.key)
    if (!publicKey) failures.push(`${where}: подписана ключом ${statement.key}, которого нет в записи`)
    else if (!signatureHolds(signed.statement, signed.signature, publicKey)) failures.push(`${where}: подпись не сходится`)
    if (statement.toPosition !== signed.toPosition) failures.push(`${where}: заявление говорит о позиции ${statement.toPosition}`)
    if (previous === null) {
      if (statement.previous !== GENESIS_HASH) failures.push(`${where}: первое заявление ссылается на предыдущее, которого нет`)
    } else {
      if (statement.previous !== previous.hash) failures.push(`${where}: не продолжает заявление о точке ${previous.toPosition} (ссылка на другое)`)
      if (statement.fromPosition !== previous.toPosition) failures.push(`${where}: начинается с позиции ${statement.fromPosition}, а предыдущая кончилась на ${previous.toPosition}`)
    }
    previous = { hash: statementHash(signed.statement), toPosition: statement.toPosition }
    statements.push(statement)
  }
  if (index.statements.length === 0) failures.push('нет ни одной подписанной контрольной точки')
  return { failures, statements }
}

/** Downloads a table of published readings and computes its digest as the statement's. */
async function digestOfTable(api: string, table: string): Promise<PublishedDigest> {
  const digest = rowDigestAccumulator()
  let after = 0
  for (;;) {
    const page = await readJson<TransparencyRows>(`${api}/transparency/rows/?table=${encodeURIComponent(table)}&after=${after}`)
    for (const row of page.rows) digest.add(row)
    if (page.next === null) break
    after = page.next
  }
  return { table, rows: digest.rows, digest: digest.digest() }
}

export async function verifyPublic(url: string, options: VerifyPublicOptions): Promise<VerifyPublicVerdict> {
  const api = `${url.replace(/\/+$/, '').replace(/\/monitoring$/, '')}/api/v1`
  const tries = options.tries ?? 5
  try {
    for (let attempt = 1; ; attempt++) {
      const index = await readIndex(api)
      const { failures, statements } = checkStatements(index, options)
      const keyLine = index.keys.map((k) => k.fingerprint).join(', ') || '(нет)'
      options.say(`ключи подписи: ${keyLine}`)
      options.say(`подписанных контрольных точек: ${statements.length}, журнал до позиции ${statements.at(-1)?.toPosition ?? 0} (сейчас ${index.head})`)
      if (failures.length > 0) return finish(failures, options)
      const newest = [...statements].reverse().find((s) => s.published !== null)
      if (!newest) return finish(['ни одно заявление не содержит сводки опубликованных показаний'], options)
      const differences: string[] = []
      for (const signed of newest.published!) {
        const now = await digestOfTable(api, signed.table)
        if (now.rows !== signed.rows || now.digest !== signed.digest) {
          differences.push(`${signed.table}: сейчас ${now.rows} строк, сводка ${now.digest}; подписано на позиции ${newest.toPosition}: ${signed.rows} строк, сводка ${signed.digest}`)
        } else options.say(`${signed.table}: ${now.rows} строк, сводка совпадает с подписанной на позиции ${newest.toPosition}`)
      }
      // Readings published after the newest signed checkpoint are sealed at the next one: look again a little later.
      const after = await readJson<TransparencyIndex>(`${api}/transparency/?after=${newest.toPosition}`)
      const unsealed = after.head > newest.toPosition || after.statements.length > 0
      if (differences.length === 0) return finish([], options)
      if (!unsealed || attempt >= tries) return finish(differences, options)
      options.say(`после позиции ${newest.toPosition} есть записи без подписи: проверю ещё раз`)
      await new Promise((resolve) => setTimeout(resolve, options.waitMs ?? 15_000))
    }
  } catch (error) {
    if (error instanceof Unreadable) return finish([error.message], options)
    throw error
  }
}

function finish(failures: string[], options: VerifyPublicOptions): VerifyPublicVerdict {
  for (const failure of failures) options.say(`НЕ СХОДИТСЯ: ${failure}`)
  options.say(failures.length === 0 ? 'итог: запись прозрачности сходится' : `итог: расхождений ${failures.length}`)
  return { ok: failures.length === 0, failures }
}
