// The use-case of the report templates' downloads: a template file as everyone gets it, or a licence area's or a
// company's own copy (its point codes in the drop-down). The templates themselves are made on the workers' side and
// handed in through the port (`ports/report-templates.ts`).
import { Type } from '@sinclair/typebox'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { Id, Year } from '../http/params.ts'
import type { ReportTemplateFiles } from '../ports/report-templates.ts'
import { refuse } from '../workflow/refusal.ts'
import { useCase } from './use-case.ts'

export function reportTemplateUseCases(services: { db: Kysely<Database>; templates: ReportTemplateFiles }) {
  const { db, templates } = services
  return {
    /** The bytes of a template and the name to offer; `forTarget` when the copy is an area's or a company's. */
    templateFile: useCase(
      Type.Object({ filename: Type.String({ maxLength: 200 }), area: Type.Optional(Id), company: Type.Optional(Id), year: Type.Optional(Year) }),
      async (_context, input) => {
        const template = templates.find(input.filename)
        if (!template) return refuse({ reason: 'template-not-found' })
        const { area, company } = input
        if (area !== undefined && company !== undefined) return refuse({ reason: 'invalid-input', parameter: 'company', detail: 'company: укажите area или company, не оба' })
        let bytes: Buffer
        if (area !== undefined) {
          if (!(await db.selectFrom('areas').select('id').where('id', '=', area).executeTakeFirst())) return refuse({ reason: 'template-target-not-found', parameter: 'area' })
          bytes = await template.bytesFor(db, { areaId: area }, input.year)
        } else if (company !== undefined) {
          if (!(await db.selectFrom('companies').select('id').where('id', '=', company).executeTakeFirst())) return refuse({ reason: 'template-target-not-found', parameter: 'company' })
          bytes = await template.bytesFor(db, { companyId: company }, input.year)
        } else {
          bytes = await template.bytes(input.year)
        }
        return { bytes, downloadName: template.downloadName, forTarget: area !== undefined || company !== undefined }
      },
    ),
  }
}

export type ReportTemplateUseCases = ReturnType<typeof reportTemplateUseCases>
