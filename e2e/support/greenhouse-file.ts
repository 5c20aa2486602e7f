// A greenhouse-gas report file as a holder would upload it: the template's header (from the upload declaration) and
// one row of a category the portal knows; `valid: false` puts a word where a number belongs.
import type { Page } from 'playwright-core'
import { uploadSpecOf } from '@portal/workflow-domain/registry.ts'

export interface FilePayload {
  name: string
  mimeType: string
  buffer: Buffer
}

export async function greenhouseCsv(page: Page, options: { year: number; name: string; valid?: boolean }): Promise<FilePayload> {
  const references = (await (await page.request.get(new URL('/api/v1/references/', page.url()).href)).json()) as { greenhouse_categories: Array<{ name: string }> }
  const category = references.greenhouse_categories.find((c) => c.name !== '---')!.name
  const header = uploadSpecOf('greenhouse_gases').columns.map((c) => c.header).join(';')
  const amount = options.valid === false ? 'много' : '100'
  return { name: options.name, mimeType: 'text/csv', buffer: Buffer.from(`${header}\r\n${options.year};${category};${amount};2;0.1;0;0;0;0;179.8\r\n`) }
}
