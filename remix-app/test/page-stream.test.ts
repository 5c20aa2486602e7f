import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { withoutZeroBytes } from '../app/entry.server.tsx'

describe('the page stream', () => {
  it('drops the zero bytes React 18 can leave after Cyrillic text and keeps every character', async () => {
    const name = Buffer.from('АО «Белая куропатка-Геоинвест»')
    const chunks = [Buffer.concat([name.subarray(0, 7), Buffer.from([0, 0])]), name.subarray(7), Buffer.from('<p>ИНН</p>')]
    const html = await text(Readable.from(chunks).pipe(withoutZeroBytes()))
    expect(html).toBe('АО «Белая куропатка-Геоинвест»<p>ИНН</p>')
    expect(html).not.toContain('\u0000')
  })
})
