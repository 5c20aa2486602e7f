// The use-case of the report templates' downloads: a template file as everyone gets it, or a licence area's or a
// company's own copy (its point codes in the drop-down), which its holder may ask pre-filled with last year's rows
// (copy-forward, decision 2443). The templates themselves are made on the workers' side and handed in through the
// port (`ports/report-templates.ts`).
import { Type } from 'typebox'
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { can } from '../auth/permissions.ts'
import { PREFILL_LAST_YEAR } from '../catalogue/registry/uploads.ts'
import { Id, Year } from '../vocabulary/params.ts'
import type { ReportTemplateFiles } from '../ports/report-templates.ts'
import { refused } from '../workflow/refusal.ts'
import { useCase } from './use-case.ts'

export const TemplateFileQuery = {
  area: Type.Optional(Id),
  company: Type.Optional(Id),
  year: Type.Optional(Year),
  prefill: Type.Optional(Type.Literal(PREFILL_LAST_YEAR)),
}

export function reportTemplateUseCases(services: { db: Kysely<Database>; templates: ReportTemplateFiles }) {
  const { db, templates } = services
  return {
    /** The bytes of a template and the name to offer; `forTarget` when the copy is an area's or a company's. */
    templateFile: useCase(Type.Object({ filename: Type.String({ maxLength: 200 }), ...TemplateFileQuery }), async (context, input) => {
      const template = templates.find(input.filename)
      if (!template) return refused({ reason: 'template-not-found' })
      const { area, company } = input
      if (area !== undefined && company !== undefined) return refused({ reason: 'invalid-input', parameter: 'company', detail: 'company: укажите area или company, не оба' })
      const lastYear = input.prefill === PREFILL_LAST_YEAR
      if (lastYear) {
        if (!template.copiesForward) return refused({ reason: 'invalid-input', parameter: 'prefill', detail: 'prefill: этот шаблон не заполняется данными прошлого года' })
        if (area === undefined && company === undefined) return refused({ reason: 'invalid-input', parameter: 'prefill', detail: 'prefill: укажите area или company' })
        // Last year's rows are the holder's working copy: asked by the public or another company, refused before anything is read.
        if (!can(context.actor, 'read:report:own', { companyId: context.actor?.companyId ?? undefined })) return refused({ reason: 'forbidden' })
      }
      let bytes: Buffer
      if (area !== undefined) {
        const found = await db.selectFrom('areas').select(['id', 'company_id']).where('id', '=', area).executeTakeFirst()
        if (!found) return refused({ reason: 'template-target-not-found', parameter: 'area' })
        if (lastYear && !can(context.actor, 'read:report:own', { companyId: found.company_id })) return refused({ reason: 'forbidden' })
        bytes = await template.bytesFor(db, { areaId: area }, input.year, { lastYear })
      } else if (company !== undefined) {
        if (!(await db.selectFrom('companies').select('id').where('id', '=', company).executeTakeFirst())) return refused({ reason: 'template-target-not-found', parameter: 'company' })
        if (lastYear && !can(context.actor, 'read:report:own', { companyId: company })) return refused({ reason: 'forbidden' })
        bytes = await template.bytesFor(db, { companyId: company }, input.year, { lastYear })
      } else {
        bytes = await template.bytes(input.year)
      }
      return { bytes, downloadName: template.downloadName, forTarget: area !== undefined || company !== undefined }
    }),
  }
}

export type ReportTemplateUseCases = ReturnType<typeof reportTemplateUseCases>
