// Small test files written by the tests themselves: CSV in both encodings, XLSX, ZIP bombs, corrupt and odd files.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { crc32, deflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import iconv from 'iconv-lite'

export function tempFolder(): { dir: string; file(name: string): string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-files-'))
  return { dir, file: (name) => path.join(dir, name), remove: () => rmSync(dir, { recursive: true, force: true }) }
}

export function writeCsv(file: string, rows: Array<Array<string | number>>, options: { encoding?: 'utf8' | 'win1251'; delimiter?: string; bom?: boolean } = {}): string {
  const delimiter = options.delimiter ?? ';'
  const quote = (v: string | number) => {
    const s = String(v)
    return s.includes(delimiter) || s.includes('"') || s.includes('\n') ? `"${s.replace(/"/g, '""')}"` : s
  }
  const text = rows.map((r) => r.map(quote).join(delimiter)).join('\r\n') + '\r\n'
  const body = options.encoding === 'win1251' ? iconv.encode(text, 'win1251') : Buffer.from(text, 'utf8')
  writeFileSync(file, options.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body)
  return file
}

export async function writeXlsx(file: string, rows: Array<Array<string | number | Date | null>>): Promise<string> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Данные')
  for (const row of rows) sheet.addRow(row)
  await workbook.xlsx.writeFile(file)
  return file
}

interface ZipItem {
  name: string
  /** The bytes stored (deflated unless method 0). */
  data: Buffer
  crc: number
  size: number
  method?: number
}

/** A ZIP container from raw parts: lets a test lie about sizes the way a crafted bomb does. */
export function writeZip(file: string, items: ZipItem[]): string {
  const parts: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const item of items) {
    const name = Buffer.from(item.name)
    const method = item.method ?? 8
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    // Bit 11: the name is UTF-8 (as today's archivers write Cyrillic names).
    local.writeUInt16LE(0x0800, 6)
    local.writeUInt16LE(method, 8)
    local.writeUInt32LE(item.crc >>> 0, 14)
    local.writeUInt32LE(item.data.length, 18)
    local.writeUInt32LE(item.size, 22)
    local.writeUInt16LE(name.length, 26)
    const entry = Buffer.alloc(46)
    entry.writeUInt32LE(0x02014b50, 0)
    entry.writeUInt16LE(20, 4)
    entry.writeUInt16LE(20, 6)
    entry.writeUInt16LE(0x0800, 8)
    entry.writeUInt16LE(method, 10)
    entry.writeUInt32LE(item.crc >>> 0, 16)
    entry.writeUInt32LE(item.data.length, 20)
    entry.writeUInt32LE(item.size, 24)
    entry.writeUInt16LE(name.length, 28)
    entry.writeUInt32LE(offset, 42)
    central.push(entry, name)
    parts.push(local, name, item.data)
    offset += 30 + name.length + item.data.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(items.length, 8)
  end.writeUInt16LE(items.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  writeFileSync(file, Buffer.concat([...parts, directory, end]))
  return file
}

/** One deflated entry of `writeZip` (`level` 9 packs tightest, as a crafted bomb would). */
export function zipItem(name: string, content: Buffer, level?: number): ZipItem {
  return { name, data: deflateRawSync(content, level === undefined ? {} : { level }), crc: crc32(content), size: content.length }
}

/** A ZIP archive of named contents, written as a real archiver would (deflated, UTF-8 names). */
export function writeZipOf(file: string, contents: Record<string, Buffer | string>): string {
  return writeZip(file, Object.entries(contents).map(([name, content]) => zipItem(name, Buffer.isBuffer(content) ? content : Buffer.from(content))))
}

/** The bytes of such an archive (to put one archive inside another). */
export function zipBytesOf(contents: Record<string, Buffer | string>): Buffer {
  const folder = tempFolder()
  try {
    return readFileSync(writeZipOf(folder.file('inner.zip'), contents))
  } finally {
    folder.remove()
  }
}

/**
 * A minimal XLSX whose first sheet holds the given cells by reference (`{ A1: 'x', XFD1048576: 1 }`): lets a test
 * write what a spreadsheet program would not, such as one cell at the last column of the last row.
 */
export function writeSparseXlsx(file: string, cells: Record<string, string | number>): string {
  const rows = new Map<number, string[]>()
  for (const [ref, value] of Object.entries(cells)) {
    const row = Number(/\d+$/.exec(ref)![0])
    const cell = typeof value === 'number' ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`
    rows.set(row, [...(rows.get(row) ?? []), cell])
  }
  const sheetData = [...rows].sort(([a], [b]) => a - b).map(([n, c]) => `<row r="${n}">${c.join('')}</row>`).join('')
  return writeXlsxOfSheet(file, `<sheetData>${sheetData}</sheetData>`)
}

/** A minimal XLSX whose one sheet is the given XML (inside `<worksheet>`), written exactly as given. */
export function writeXlsxOfSheet(file: string, sheetXml: string): string {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
  return writeZipOf(file, {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Данные" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${main}">${sheetXml}</worksheet>`,
  })
}

/** An XLSX-looking archive whose sheet expands to `megabytes` of zeros; `lie` declares a tiny size instead. */
export function writeZipBomb(file: string, megabytes: number, lie = false): string {
  const chunk = Buffer.alloc(1024 * 1024, 0x30)
  let crc = 0
  for (let i = 0; i < megabytes; i++) crc = crc32(chunk, crc)
  // Deflating the same chunk repeatedly through one stream would be ideal; a sync deflate of the whole is small enough here.
  const data = deflateRawSync(Buffer.concat(Array.from({ length: megabytes }, () => chunk)), { level: 9 })
  const size = megabytes * 1024 * 1024
  return writeZip(file, [
    zipItem('[Content_Types].xml', Buffer.from('<Types/>')),
    zipItem('xl/workbook.xml', Buffer.from('<workbook/>')),
    { name: 'xl/worksheets/sheet1.xml', data, crc, size: lie ? 1024 : size },
  ])
}

/** The sampling date of the i-th generated reading: one of the first 300 days of the year, so never in the future of a current year's report. */
export function sampledOn(year: number, i: number): string {
  const day = new Date(Date.UTC(year, 0, 1 + (i % 300)))
  return `${String(day.getUTCDate()).padStart(2, '0')}.${String(day.getUTCMonth() + 1).padStart(2, '0')}.${year}`
}
