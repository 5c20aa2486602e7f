// Test helpers of the report workflow: multipart bodies with files, the demo holders' companies and areas.
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { recordFileChecked } from '@portal/workflow-domain/commands.server.ts'
import { reportContent } from '@portal/workflow-domain/registry.ts'
import { loginAs } from './login.ts'

export interface FilePart {
  field: string
  filename: string
  content: Buffer | string
  contentType?: string
}

/** A multipart/form-data body of text fields and files, as the browser's FormData sends it. */
export function multipartWithFiles(fields: Record<string, string | number>, files: FilePart[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----workflow-test-${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        // As browsers do: the name as raw UTF-8 bytes in filename="…".
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'text/csv'}\r\n\r\n`,
      ),
    )
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content))
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

export interface Holder {
  companyId: number
  companyName: string
  areaId: number
  areaName: string
  headers: Record<string, string>
}

/** holder1 / holder2: their company (the lowest / second lowest lem_industry id), its first licence area, their session. */
export async function holder(app: FastifyInstance, db: Kysely<Database>, username: 'holder1' | 'holder2'): Promise<Holder> {
  const user = await db.selectFrom('users').select('company_id').where('username', '=', username).executeTakeFirstOrThrow()
  const company = await db.selectFrom('companies').select(['id', 'name']).where('id', '=', user.company_id!).executeTakeFirstOrThrow()
  const area = await db
    .selectFrom('areas')
    .select(['id', 'name'])
    .where('company_id', '=', company.id)
    .where('kind', '=', 'licence_area')
    .orderBy('id')
    .executeTakeFirstOrThrow()
  const { headers } = await loginAs(app, username)
  return { companyId: company.id, companyName: company.name, areaId: area.id, areaName: area.name, headers }
}

export const RESPONSIBLE = {
  fullname: 'Иванова Мария Петровна',
  position: 'Инженер-эколог',
  email: 'ivanova@example.ru',
  phone: '+7 (34922) 4-12-34',
}

let sectionFiles = 0

/**
 * A file part of a type the report's section takes (decision 2671): a CSV table for a data report, a PDF for a
 * document. Bytes of their own each time: the same bytes twice in one report are refused as a duplicate.
 */
export async function sectionFile(db: Kysely<Database>, reportId: number, name: string): Promise<FilePart> {
  sectionFiles += 1
  const { report_type: reportType } = await db.selectFrom('import_reports').select('report_type').where('id', '=', reportId).executeTakeFirstOrThrow()
  return reportContent(reportType) === 'data'
    ? { field: 'file', filename: `${name}.csv`, content: `Показатель;Значение\r\nФенолы;0.001\r\nФенолы;${sectionFiles}\r\n`, contentType: 'text/csv' }
    : { field: 'file', filename: `${name}.pdf`, content: `%PDF-1.4\n% ${name} ${sectionFiles}\n%%EOF\n`, contentType: 'application/pdf' }
}

/**
 * Uploads a file to a report as its holder and records its check as the worker would: the report then has something
 * to agree. The report's responsible person must exist.
 */
export async function checkedFile(
  app: FastifyInstance,
  db: Kysely<Database>,
  headers: Record<string, string>,
  reportId: number,
  ok = true,
): Promise<number> {
  const body = multipartWithFiles({ report: reportId }, [await sectionFile(db, reportId, 'Отчёт')])
  const res = await app.inject({ method: 'POST', url: '/api/v1/import-files/', headers: { ...headers, ...body.headers }, payload: body.payload })
  if (res.statusCode !== 201) throw new Error(`upload refused: ${res.statusCode} ${res.body}`)
  const fileId = res.json().id as number
  await recordFileChecked(db, { fileId, ok, problems: ok ? [] : [{ row: 2, column: 'Значение', value: 'x', reason: 'не число' }] })
  return fileId
}

/** The uploaded files in a storage folder; the catalogue's demo files live apart under demo/ (seed/demo-files.server.ts). */
export function uploadedFiles(storageDir: string): string[] {
  if (!existsSync(storageDir)) return []
  const demo = path.join(storageDir, 'demo') + path.sep
  return readdirSync(storageDir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .filter((f) => !f.startsWith(demo))
}
