// Pages' entry to the one Russian numbers helper (plural forms and digits); the implementation is shared with the
// API and the workers, which cannot import the pages.
export { formatCount, formatNumber, plural, type NumberOptions, type PluralForms } from '@portal/workflow-domain/views.ts'
