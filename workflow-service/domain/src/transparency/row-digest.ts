// The digest of a table's rows computed from their cells' text, as `rowDigest` (catalogue/published-rows.server.ts)
// computes it in PostgreSQL: each row's cells joined by U+001F and hashed with MD5, the hash's first and second
// 15 hex digits (60 bits each) summed apart, written «first:second». Order-free, so a verifier can add rows page by
// page as it downloads them.
import { createHash } from 'node:crypto'

export function rowDigestAccumulator() {
  let first = 0n
  let second = 0n
  let rows = 0
  return {
    /** One row: its id and content cells as text, a NULL as «\N». */
    add(cells: readonly string[]) {
      const hash = createHash('md5').update(cells.join('\u001f'), 'utf8').digest('hex')
      first += BigInt(`0x${hash.slice(0, 15)}`)
      second += BigInt(`0x${hash.slice(15, 30)}`)
      rows += 1
    },
    get rows() {
      return rows
    },
    digest: () => `${first}:${second}`,
  }
}
