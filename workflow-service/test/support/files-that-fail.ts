// Runs the TypeScript checker on the service's sources with some files edited in memory (the files on disk stay as
// they are) and prints the files that do not compile, as JSON. A separate process: the check takes a while and the
// test runner's worker must keep answering meanwhile.
//   node --import tsx files-that-fail.ts '[{"file":"workflow-service/domain/src/…","piece":"…","by":"…"}]'
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

export interface Edit {
  /** Relative to the repository's root. */
  file: string
  /** An exact piece of the file, replaced by `by`. */
  piece: string
  by: string
}

const root = path.resolve(import.meta.dirname, '../../..')

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

const edits = JSON.parse(process.argv[2] ?? '[]') as Edit[]
const config = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, root)
const host = ts.createCompilerHost(config.options)
const read = host.readFile.bind(host)
host.readFile = (file) => {
  let text = read(file)
  for (const edit of edits.filter((e) => path.resolve(root, e.file) === path.resolve(file))) {
    if (text === undefined || !text.includes(edit.piece)) throw new Error(`${edit.file} no longer has ${JSON.stringify(edit.piece)}`)
    text = text.replace(edit.piece, edit.by)
  }
  return text
}
const program = ts.createProgram({ rootNames: ['platform', 'domain', 'server'].flatMap((pkg) => sources(path.join(root, 'workflow-service', pkg, 'src'))), options: { ...config.options, noEmit: true }, host })
const failing = new Set<string>()
for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
  if (!diagnostic.file) throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
  failing.add(path.relative(root, diagnostic.file.fileName))
}
process.stdout.write(JSON.stringify([...failing].sort()))
