// The first field of a multipart/form-data body, read off the request stream without taking it: a page form carries its
// CSRF token as that first field, so the token is known before any file byte has arrived, and the bytes read are put
// back for whoever parses the form next (Remix), which gets the whole body as a stream.
import type { Readable } from 'node:stream'

export interface FirstField {
  name: string
  value: string
  /** The part carries a file (a filename in its Content-Disposition): never a token. */
  isFile: boolean
}

/** The boundary of a multipart/form-data content type, or null when there is none. */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType)
  return match ? (match[1] ?? match[2]) : null
}

/**
 * The first part of a multipart body from its first bytes: 'more' when they end before the part does, null when they
 * are not a multipart body that starts with a part (a preamble, another boundary, a header without a name).
 */
export function firstFieldOf(bytes: Buffer, boundary: string): FirstField | 'more' | null {
  const opening = Buffer.from(`--${boundary}\r\n`)
  if (bytes.length < opening.length) return opening.subarray(0, bytes.length).equals(bytes) ? 'more' : null
  if (!bytes.subarray(0, opening.length).equals(opening)) return null
  const headEnd = bytes.indexOf('\r\n\r\n', opening.length)
  if (headEnd < 0) return 'more'
  const head = bytes.subarray(opening.length, headEnd).toString('latin1')
  const disposition = head.split('\r\n').find((line) => /^content-disposition:/i.test(line))
  const name = disposition ? /;\s*name="([^"]*)"/i.exec(disposition)?.[1] : undefined
  if (name === undefined) return null
  const valueStart = headEnd + 4
  const valueEnd = bytes.indexOf(`\r\n--${boundary}`, valueStart)
  if (valueEnd < 0) return 'more'
  return { name, value: bytes.subarray(valueStart, valueEnd).toString('utf8'), isFile: /;\s*filename\*?=/i.test(disposition!) }
}

/**
 * Reads the body until its first part is complete (at most `limit` bytes), then puts every byte read back into the
 * stream. Null when the body does not start with a complete part within the limit.
 */
export function readFirstField(stream: Readable, boundary: string, limit: number): Promise<FirstField | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = (result: FirstField | null, giveBack: boolean) => {
      stream.off('readable', onReadable)
      stream.off('end', onEnd)
      stream.off('error', onError)
      // Unshifted in the same tick as the last read(): the stream has not ended, so the next reader gets every byte.
      if (giveBack && chunks.length > 0) stream.unshift(Buffer.concat(chunks))
      resolve(result)
    }
    const onReadable = () => {
      let chunk: Buffer | null
      while ((chunk = stream.read() as Buffer | null) !== null) {
        chunks.push(chunk)
        size += chunk.length
        const found = firstFieldOf(Buffer.concat(chunks), boundary)
        if (found !== 'more') return finish(found, true)
        if (size >= limit) return finish(null, true)
      }
    }
    const onEnd = () => {
      const found = firstFieldOf(Buffer.concat(chunks), boundary)
      finish(found === 'more' ? null : found, false)
    }
    const onError = (error: Error) => {
      stream.off('readable', onReadable)
      stream.off('end', onEnd)
      reject(error)
    }
    stream.on('readable', onReadable)
    stream.on('end', onEnd)
    stream.on('error', onError)
  })
}
