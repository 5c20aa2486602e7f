// The catalogue's front door: its types, fields, labels, upload columns and formats, the vocabulary the pages, the
// workers and the tools read. Safe in the browser: nothing here reaches a server-only module.
// Other packages import this service through its doors only (package.json `exports`, import-directions.test.ts).
export * from './catalogue/registry/index.ts'
export * from './catalogue/registry/labels.ts'
export * from './catalogue/registry/types.ts'
export * from './catalogue/registry/uploads.ts'
export * from './catalogue/registry/fields.ts'
export * from './catalogue/registry/point-units.ts'
export * from './catalogue/registry/unit-conversions.ts'
export * from './catalogue/registry/greenhouse.ts'
export * from './catalogue/registry/point-reports.ts'
export * from './catalogue/format.ts'
export * from './text/region-dates.ts'
export * from './catalogue/filters.ts'
export * from './catalogue/sections.ts'
export * from './catalogue/substances.ts'
export * from './admin/reference/reference-kinds.ts'
export * from './admin/reference/reference-as-of.ts'
