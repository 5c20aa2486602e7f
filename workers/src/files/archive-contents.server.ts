// Looks into a ZIP container (a ZIP, and the DOCX and XLSX that are ZIPs) with the rules of a single upload: no
// program under any name (told by its first bytes, as `file-content.ts` tells an upload's), no shortcut or script
// by its name, no path that leaves the archive (`zip-guard.server.ts`), and the same for an archive inside, to a
// bounded depth. Issue 22 item 8: a ZIP holding `Отчёт.pdf.exe` (MZ), `readme.lnk` or `../../x` was accepted.
import path from 'node:path'
import { SNIFF_BYTES } from '@portal/workflow-domain/views.ts'
import { sniffContent } from '@portal/workflow-domain/ports.ts'
import { FileRejected } from './file-problem.ts'
import { readZipDirectory, verifyZipEntries, XLSX_LIMITS, type ZipLimits, type ZipSource } from './zip-guard.server.ts'

/**
 * Names that run or lead to something that runs whatever bytes they hold (Windows opens a `.lnk` or a `.bat`
 * written as plain text): refused by name. Programs are also refused by content under any name.
 */
const RUNNABLE_EXTENSIONS = new Set([
  '.lnk', '.url', '.scf', '.pif', '.exe', '.com', '.scr', '.cpl', '.msi', '.msp', '.dll', '.sys',
  '.bat', '.cmd', '.ps1', '.psm1', '.vbs', '.vbe', '.js', '.jse', '.wsf', '.wsh', '.hta', '.jar', '.sh', '.reg', '.app', '.apk',
])

/** Archives inside archives are looked into to this depth; deeper ones are refused. */
const MAX_DEPTH = 3
/** An archive inside is read into memory to be looked into: at most this many bytes. */
const MAX_INNER_ARCHIVE_BYTES = 32 * 1024 ** 2

const refused = (what: string, name: string) => new FileRejected(`архив содержит ${what} «${name}»: такие файлы не принимаются`)

export async function refuseProgramsInside(source: ZipSource, limits: ZipLimits = XLSX_LIMITS, prefix = '', depth = 1): Promise<void> {
  const entries = await readZipDirectory(source, limits)
  await verifyZipEntries(source, entries, undefined, (entry) => {
    if (entry.name.endsWith('/')) return null
    const label = `${prefix}${entry.name}`
    const head: Buffer[] = []
    let headBytes = 0
    let whole: Buffer[] | null = []
    let wholeBytes = 0
    return {
      see(chunk) {
        if (headBytes < SNIFF_BYTES) {
          head.push(chunk.subarray(0, SNIFF_BYTES - headBytes))
          headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes)
        }
        if (whole) {
          wholeBytes += chunk.length
          whole = wholeBytes <= MAX_INNER_ARCHIVE_BYTES ? (whole.push(chunk), whole) : null
        }
      },
      async end() {
        const kind = await sniffContent(Buffer.concat(head))
        if (kind === 'executable') throw refused('исполняемую программу', label)
        if (RUNNABLE_EXTENSIONS.has(path.extname(entry.name).toLowerCase())) throw refused('исполняемую программу или ярлык', label)
        if (kind !== 'zip') return
        if (depth >= MAX_DEPTH) throw new FileRejected(`архив «${label}» вложен глубже ${MAX_DEPTH} уровней: такие архивы не принимаются`)
        if (!whole) throw new FileRejected(`вложенный архив «${label}» больше ${MAX_INNER_ARCHIVE_BYTES / 1024 ** 2} Мб: распакуйте его и загрузите файлы`)
        await refuseProgramsInside(Buffer.concat(whole), limits, `${label} › `, depth + 1)
      },
    }
  })
}
