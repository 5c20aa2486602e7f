// The input schemas the workflow's use-cases share (TypeBox): report types and statuses, list filters and paging,
// stored uploads, a responsible person's details.
import { Type } from 'typebox'
import { Id, Literals, MAX_ID, Text, Year } from '../vocabulary/params.ts'
import { REPORT_STATUS_CODES } from '../workflow/reports/report-status-table.ts'

export const ReportType = Type.Union([Type.Literal('final_report'), Type.Literal('program'), Type.Literal('observation_results'), Type.Literal('greenhouse_gases')])
export const Status = Literals(REPORT_STATUS_CODES)
export const Scope = Type.Union([Type.Literal('area'), Type.Literal('company')])
/** Only the shape: what a responsible person's field must hold (not blank, a real e-mail address…) is decide's rule. */
const Field = Text({ maxLength: 2000 })
const OptionalLongField = Type.Optional(Type.Union([Text({ maxLength: 2000, multiline: true }), Type.Null()]))
export const Stored = Type.Object({
  storageKey: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
  name: Type.String({ maxLength: 255 }),
  size: Type.Integer({ minimum: 0 }),
  /** The SHA-256 of the bytes as they were stored (storeFile): an upload's repeat is found by it. */
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  contentType: Type.String({ maxLength: 255 }),
})

const Name = Text({ minLength: 1, maxLength: 500 })
export const Limit = Type.Integer({ minimum: 1, maximum: 1000 })
export const Offset = Type.Integer({ minimum: 0, maximum: MAX_ID })
/** The filters of the report and file lists: the area or company by id or by name, the year, the report type. */
export const ListFilter = {
  year: Type.Optional(Year),
  areaName: Type.Optional(Name),
  companyName: Type.Optional(Name),
  area: Type.Optional(Id),
  company: Type.Optional(Id),
  reportType: Type.Optional(ReportType),
}

export const Details = {
  fullname: Field,
  position: Field,
  email: Field,
  phone: Field,
  labsName: OptionalLongField,
  labsContacts: OptionalLongField,
}
