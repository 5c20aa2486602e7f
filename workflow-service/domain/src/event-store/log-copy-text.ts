// The log's rows as `COPY (SELECT …) TO STDOUT` sends them in PostgreSQL's text format, taken apart by hand (decision
// 2810): a line per row, its columns apart by tabs. Row by row through node-postgres's row protocol, the replay's
// process spent most of its CPU on the read before it folded anything: a message, buffers and strings per column of
// every row. Here a piece of the stream is decoded once and cut at its tabs and line ends.
import type { EventMetadata } from '@portal/migrations/database.ts'
import type { LoggedEvent } from './event-types.ts'

/**
 * What COPY TO writes for a character it must not send as itself: a backslash, and the control characters it
 * escapes by letter (a tab, a line end and a carriage return among them, so a raw one always ends a column or a line).
 */
const UNESCAPED: Record<string, string> = { '\\': '\\', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' }

/**
 * A column's text as the row held it. COPY TO escapes only the characters of UNESCAPED (other control characters go
 * as they are, and no column of the log can hold NUL); anything else after a backslash, such as the octal or
 * hexadecimal bytes COPY FROM also reads, means the text is not what this reader takes, so it fails rather than
 * guess. `\N` alone, no value, is the caller's to tell apart: the log's columns are all NOT NULL.
 */
export function unescapeCopy(text: string): string {
  let from = text.indexOf('\\')
  if (from < 0) return text
  let out = ''
  let start = 0
  while (from >= 0) {
    const letter = text[from + 1]
    const character = letter === undefined ? undefined : UNESCAPED[letter]
    if (character === undefined) throw new Error(`the log's COPY text holds an escape this reader does not take: \\${letter ?? ''}`)
    out += text.slice(start, from) + character
    start = from + 2
    from = text.indexOf('\\', start)
  }
  return out + text.slice(start)
}

/** A column of the line; `hasEscapes`: the line holds a backslash somewhere, so the column may need unescaping. */
function column(line: string, start: number, end: number, hasEscapes: boolean): string {
  const text = line.slice(start, end)
  if (text === '\\N') throw new Error('the log held no value in a column that cannot be empty')
  return hasEscapes ? unescapeCopy(text) : text
}

/** The columns of LOG_COLUMNS: position, stream, version, type, data, metadata, the time in milliseconds. */
const COLUMNS = 7

/**
 * The one copy of a stream id or type that every event of it shares (`seen`: those read so far). A column cut from a
 * piece's text is a view of that whole text in V8 (a sliced string) and keeps all of it alive while it is held; the
 * fold keeps stream ids in its rows, which kept the whole log's text in memory and made the fold's garbage collection
 * cost more than the read saved (measured, decision 2810). The copy is made once per distinct value and holds only
 * itself. JSON.parse's strings are its own, never views of its text.
 */
function shared(seen: Map<string, string>, text: string): string {
  let one = seen.get(text)
  // Decoded afresh: a string of one byte per character when it can be, whatever the piece it was cut from held.
  if (one === undefined) seen.set((one = Buffer.from(text, 'utf8').toString('utf8')), one)
  return one
}

/**
 * Where each column of the line being taken apart starts, less one (its tab), and the line's length last. One array
 * for every line: a line is taken apart whole before the next, and an array per line was garbage at once.
 */
const tabs = new Int32Array(COLUMNS + 1)

/** One line (without its line end) as the event it holds; `seen`: the stream ids and types read so far. */
export function logEventOfLine(line: string, seen: Map<string, string> = new Map()): LoggedEvent {
  tabs[0] = -1
  for (let c = 1; c < COLUMNS; c++) {
    tabs[c] = line.indexOf('\t', tabs[c - 1] + 1)
    if (tabs[c] < 0) throw new Error(`a line of the log's COPY text has ${c} columns, not ${COLUMNS}`)
  }
  tabs[COLUMNS] = line.length
  if (line.indexOf('\t', tabs[COLUMNS - 1] + 1) >= 0) throw new Error(`a line of the log's COPY text has more than ${COLUMNS} columns`)
  // Most lines hold no backslash at all (no quote, control character or backslash in their JSON): one look for the line.
  const escapes = line.indexOf('\\') >= 0
  // The columns taken in turn by a plain call, not a closure made for each line (under tsx every closure made is
  // also named, a call of its own per line).
  return {
    position: Number(column(line, tabs[0] + 1, tabs[1], escapes)),
    streamId: shared(seen, column(line, tabs[1] + 1, tabs[2], escapes)),
    streamVersion: Number(column(line, tabs[2] + 1, tabs[3], escapes)),
    type: shared(seen, column(line, tabs[3] + 1, tabs[4], escapes)),
    data: JSON.parse(column(line, tabs[4] + 1, tabs[5], escapes)) as Record<string, unknown>,
    metadata: JSON.parse(column(line, tabs[5] + 1, tabs[6], escapes)) as EventMetadata,
    createdAt: new Date(Number(column(line, tabs[6] + 1, tabs[7], escapes))),
  }
}

const NEWLINE = 0x0a

/**
 * Takes the COPY stream's pieces as they come and answers the events of the whole lines in each. A piece ends anywhere,
 * even inside a character of several bytes: only the bytes up to its last line end are decoded, the rest waits for the
 * next piece (a line end is never a byte of another UTF-8 character).
 */
export function createLogLineReader() {
  // The pieces since the last line end, joined once a line end comes (a line may be longer than many pieces).
  let rest: Buffer[] = []
  const seen = new Map<string, string>()
  return {
    push(piece: Buffer): LoggedEvent[] {
      const last = piece.lastIndexOf(NEWLINE)
      if (last < 0) {
        rest.push(piece)
        return []
      }
      const whole = rest.length ? Buffer.concat([...rest, piece.subarray(0, last + 1)]) : piece.subarray(0, last + 1)
      rest = last + 1 < piece.length ? [piece.subarray(last + 1)] : []
      const text = whole.toString('utf8')
      const events: LoggedEvent[] = []
      let start = 0
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        events.push(logEventOfLine(text.slice(start, end), seen))
        start = end + 1
      }
      return events
    },
    /** The stream ended: every line must have been whole. */
    end(): void {
      if (rest.length) throw new Error(`the log's COPY text ended inside a line (${Buffer.concat(rest).length} bytes without a line end)`)
    },
  }
}
