import { describe, expect, it } from 'vitest'
import { catalogueTypes, findType, storedFields } from '../domain/src/catalogue/registry/index.ts'
import {
  checkUploads,
  importSpecForReport,
  importSpecOf,
  importSpecOfTable,
  NotUploadable,
  reportContent,
  templatesForReport,
  UPLOAD_TEMPLATES,
  UPLOADS,
  uploadSpecOf,
} from '../domain/src/catalogue/registry/uploads.ts'
import { unitsOf } from '../domain/src/catalogue/registry/point-units.ts'
import { REPORT_TYPE_CODES, REPORT_TYPES } from '../domain/src/workflow/reports/report-types.ts'

describe('uploads derived from the registry', () => {
  it('has sound upload declarations', () => {
    expect(checkUploads()).toEqual([])
  })

  it('finds a problem in a declaration whose reference has no lookup or whose template names no column', () => {
    const type = findType('greenhouse-gases')!
    const broken = { ...type, upload: { ...type.upload!, lookups: {}, templates: [{ ...type.upload!.templates[0], example: () => ({ nothing: 1 }) }] } }
    const problems = checkUploads([broken])
    expect(problems.some((p) => p.includes('greenhouse_category: a reference in a file needs a lookup'))).toBe(true)
  })

  it('declares the copy-forward once: its side column and factor reach the import spec and the file check reads past the column', () => {
    const spec = uploadSpecOf('observation_results')
    expect(spec.lastYear).toEqual({ header: 'Значение за прошлый год', factor: 10 })
    expect(spec.sideHeaders).toEqual(['Значение за прошлый год'])
    expect(uploadSpecOf('greenhouse_gases').sideHeaders).toEqual([])
  })

  it('finds a problem in a copy-forward on rows that are no readings, with a factor of 1 or Infinity, or a side column named like a column', () => {
    const ghg = findType('greenhouse-gases')!
    expect(checkUploads([{ ...ghg, upload: { ...ghg.upload!, lastYear: { header: 'Прошлый год', factor: 10 } } }]).some((p) => p.includes('copy-forward needs a field measures_point'))).toBe(true)
    const readings = findType('measures-point-indications')!
    for (const factor of [1, 0.5, Infinity, NaN]) {
      expect(checkUploads([{ ...readings, upload: { ...readings.upload!, lastYear: { header: 'Прошлый год', factor } } }]), String(factor)).toEqual([
        'measures-point-indications: the year-on-year factor must be a number above 1',
      ])
    }
    expect(checkUploads([{ ...readings, upload: { ...readings.upload!, lastYear: { header: ' значение ', factor: 10 } } }])).toEqual([
      'measures-point-indications: the side column « значение » is named like a column of the file',
    ])
  })

  it('accepts files exactly for the types that declare an upload, each with at least one template', () => {
    const declared = catalogueTypes.filter((t) => t.upload).map((t) => t.slug)
    expect(UPLOADS.map((u) => u.slug)).toEqual(declared)
    expect(declared.sort()).toEqual(['greenhouse-gases', 'measures-point-indications'])
    for (const upload of UPLOADS) expect(UPLOAD_TEMPLATES.filter((t) => t.spec.slug === upload.slug).length).toBeGreaterThan(0)
  })

  it('gives every template the columns the file check asks for', () => {
    for (const template of UPLOAD_TEMPLATES) {
      const checked = importSpecForReport(template.spec.reportType)!
      expect(template.spec.columns.map((c) => c.header)).toEqual(checked.columns.map((c) => c.header))
      // The example row fills only columns of the file.
      for (const key of Object.keys(template.example)) expect(checked.columns.map((c) => c.field)).toContain(key)
      expect(template.filename).toBe(`${template.id}.xlsx`)
      if (template.pointKind) expect(template.units).toEqual(unitsOf(template.pointKind))
    }
  })

  it('takes the columns from the declared fields: computed ones and those filled from the report are left out', () => {
    const readings = uploadSpecOf('observation_results')
    const declared = storedFields(findType('measures-point-indications')!).map((f) => f.column)
    expect(readings.columns.map((c) => c.column)).toEqual(declared)
    expect(readings.columns.map((c) => c.field)).not.toContain('share')
    expect(readings.columns.find((c) => c.field === 'measures_point')).toMatchObject({
      header: 'Пункт наблюдения (номенклатура)',
      type: 'reference',
      lookup: { table: 'measures_points', by: 'nomenclature', withinReport: true },
    })
    const greenhouse = uploadSpecOf('greenhouse_gases')
    expect(greenhouse.columns.map((c) => c.column)).not.toContain('company_id')
    expect(greenhouse.fromReport).toEqual([{ column: 'company_id', source: 'company_id' }])
    expect(importSpecOfTable('greenhouse_gases')).toBe(greenhouse)
  })

  it('refuses a type that declares no upload: no columns, no template, no table to publish to', () => {
    const recommendations = findType('ecomon-recommendations')!
    expect(recommendations.upload).toBeUndefined()
    expect(() => importSpecOf(recommendations)).toThrow(NotUploadable)
    expect(() => importSpecOfTable(recommendations.table)).toThrow(NotUploadable)
    expect(UPLOAD_TEMPLATES.some((t) => t.spec.table === recommendations.table)).toBe(false)
  })

  it('tells data reports from document reports by the registry alone', () => {
    const content = Object.fromEntries(REPORT_TYPE_CODES.map((code) => [code, reportContent(code)]))
    expect(content).toEqual({ program: 'document', observation_results: 'data', final_report: 'document', greenhouse_gases: 'data' })
    expect(() => uploadSpecOf('program')).toThrow(NotUploadable)
    expect(templatesForReport('final_report')).toEqual([])
    expect(templatesForReport('observation_results').length).toBe(6)
    // Every upload names a declared report type.
    for (const upload of UPLOADS) expect(REPORT_TYPES[upload.reportType]).toBeDefined()
  })
})
