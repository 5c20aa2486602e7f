import { describe, expect, it } from 'vitest'
import { cleanFileName } from '../domain/src/workflow/storage/file-storage.server.ts'

describe('stored file names', () => {
  it('drops right-to-left override and other bidi controls, so a name shows as what it is', () => {
    expect(cleanFileName('отчёт\u202Efdp.exe')).toBe('отчётfdp.exe')
    expect(cleanFileName('a\u2066b\u2067c\u2068d\u2069e\u202Af\u202Bg\u202Ch\u202Di\u200Ej\u200Fk\u061Cl.pdf')).toBe('abcdefghijkl.pdf')
  })

  it('drops control characters, C1 controls and zero-width characters, and keeps Cyrillic', () => {
    expect(cleanFileName('Про\u0000гра\u0085мма\u200B\uFEFF 2025.pdf')).toBe('Программа 2025.pdf')
    expect(cleanFileName('..\\..\\etc/\u202Epasswd')).toBe('passwd')
    expect(cleanFileName('\u202E')).toBe('file')
  })
})
