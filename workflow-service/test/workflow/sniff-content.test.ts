import { describe, expect, it } from 'vitest'
import { sniffContent } from '../../domain/src/workflow/files/sniff-content.server.ts'

const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))))

describe('telling a file from its first bytes', () => {
  it('tells PDF, ZIP (an empty one too), OLE2 and nothing at all', async () => {
    expect(await sniffContent(bytes('%PDF-1.4\n%…'))).toBe('pdf')
    expect(await sniffContent(bytes([0x50, 0x4b, 0x03, 0x04], [20, 0, 0, 0, 8, 0]))).toBe('zip')
    expect(await sniffContent(bytes([0x50, 0x4b, 0x05, 0x06], Array(18).fill(0)))).toBe('zip')
    expect(await sniffContent(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe('ole2')
    expect(await sniffContent(Buffer.alloc(0))).toBe('empty')
  })

  it('calls programs programs: Windows, Linux, macOS in both byte orders, Java classes and #! scripts', async () => {
    for (const program of [
      bytes('MZ', Array(200).fill(1)),
      bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1], Array(100).fill(0)),
      bytes([0xfe, 0xed, 0xfa, 0xce, 0, 0, 0, 7]),
      bytes([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]),
      bytes([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 52]),
      bytes('#!/bin/sh\nrm -rf /\n'),
    ]) {
      expect(await sniffContent(program)).toBe('executable')
    }
  })

  it('keeps text that starts like a picture or a sound as text, in UTF-8 and in Windows-1251', async () => {
    expect(await sniffContent(Buffer.from('BM;Дата\r\n1;2\r\n'))).toBe('text')
    expect(await sniffContent(Buffer.from('ID3;x\r\n'))).toBe('text')
    expect(await sniffContent(bytes([0xff, 0xfb], ';\xc4\xe0\xf2\xe0\r\n'))).toBe('text')
    expect(await sniffContent(Buffer.from('Дата;Вещество;Значение\r\n'))).toBe('text')
  })

  it('calls bytes with a NUL that are none of these binary, however they are cut', async () => {
    expect(await sniffContent(bytes([1, 2, 0, 3]))).toBe('binary')
    expect(await sniffContent(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('binary')
    expect(await sniffContent(bytes([0x50]))).toBe('text')
  })
})
