// The reports page's actions: save the responsible person, delete a file, and the Department's decision; each calls
// the same use-case as the API, so the rules, the refusals and the history (who, from which address) do not differ
// by door.
import type { AppLoadContext } from '@remix-run/node'
import { data } from '@remix-run/node'
import type { Refusal } from '@portal/workflow-domain/views.ts'
import { refusalInWords } from '../../../utils/refusal-words.ts'
import { responsibleFieldsOf, type ResponsibleErrors } from '../components/responsible-rules.ts'
import { DELETE_AGREED, DELETE_UNKNOWN } from '../components/report-texts.ts'
import { requirePermission } from '../../../utils/permissions.server.ts'
import { formRefusal } from '../../../utils/form-refusal.ts'
import { can, isStorageFault, STORAGE_FULL_MESSAGE } from '@portal/workflow-domain/views.ts'
import type { StoredUpload } from '@portal/workflow-domain/commands.server.ts'
import { type PageForm, readPageForm, TooLargeUpload } from './page-uploads.server.ts'

const RESPONSIBLE_FIELDS = { fullname: true, position: true, phone: true, email: true }

export type ReportsActionAnswer =
  | { intent: 'responsible'; ok: boolean; errors: ResponsibleErrors; message: string | null }
  | { intent: 'delete-file'; ok: boolean; message: string | null }
  | { intent: 'decide'; ok: boolean; message: string | null }
  | { intent: 'upload'; ok: boolean; message: string | null }
  | { intent: 'unknown'; ok: false; message: string }

/** A whole positive id from a form field, or null. */
function idOf(form: FormData, name: string): number | null {
  const raw = String(form.get(name) ?? '').trim()
  if (!/^[0-9]{1,10}$/.test(raw)) return null
  const value = Number(raw)
  return value >= 1 && value <= 2_147_483_647 ? value : null
}

/** A number field as the use-case's schema will judge it: absent or not a number is NaN, refused naming the field. */
const numberOf = (form: FormData, name: string) => {
  const raw = String(form.get(name) ?? '').trim()
  return raw === '' ? Number.NaN : Number(raw)
}

async function saveResponsible(context: AppLoadContext, companyId: number, form: FormData) {
  const answer = (status: number, message: string | null, fieldErrors: ResponsibleErrors = {}) =>
    data<ReportsActionAnswer>({ intent: 'responsible', ok: status < 300, errors: fieldErrors, message }, { status })
  const refused = (refusal: Refusal) => {
    // The same answer as the API's: its message, under the field it names when it names one.
    const { status, detail, parameter } = refusalInWords(refusal)
    return answer(status, detail, parameter && parameter in RESPONSIBLE_FIELDS ? { [parameter]: detail } : {})
  }
  // The fields' rules (not blank, a real e-mail address…) are the use-case's: the same refusal as through the API.
  const fields = responsibleFieldsOf(form)
  const scope = form.get('scope') === 'area' ? 'area' : 'company'
  const year = numberOf(form, 'year')
  const target = scope === 'area' ? idOf(form, 'area') : companyId
  if (target === null) return answer(400, 'area: укажите лицензионный участок')
  const existing = idOf(form, 'id')
  // The use-cases check write:report:own against the area's or company's owner; nothing here is trusted from the form.
  const outcome =
    existing !== null
      ? // The form has the spec's four fields: the laboratory entered through the API stays as it was.
        await context.workflow.editResponsible(context.useCaseContext, { scope, id: existing, target, year, ...fields })
      : await context.workflow.createResponsible(context.useCaseContext, { scope, target, year, ...fields })
  return outcome.ok ? answer(200, null) : refused(outcome.refusal)
}

async function deleteFile(context: AppLoadContext, form: FormData) {
  const fileId = idOf(form, 'file')
  if (fileId === null) return data<ReportsActionAnswer>({ intent: 'delete-file', ok: false, message: 'file: укажите файл' }, { status: 400 })
  const outcome = await context.workflow.deleteFile(context.useCaseContext, { file: fileId })
  if (outcome.ok) return data<ReportsActionAnswer>({ intent: 'delete-file', ok: true, message: null })
  // Spec §8: a 400 (the report is agreed) has its own message; any other failure the generic one, but a user who may
  // not delete at all is told so, as the API tells them.
  const { status, detail } = refusalInWords(outcome.refusal)
  return data<ReportsActionAnswer>({ intent: 'delete-file', ok: false, message: status === 400 ? DELETE_AGREED : status === 403 ? detail : DELETE_UNKNOWN }, { status })
}

/** The Department's decision posted from the page (status agreed | rejected | consideration, comment, files): the
 *  files were stored as they arrived (`page-uploads.server.ts`) and become the decision's, or are removed. */
async function decide(context: AppLoadContext, form: FormData, files: StoredUpload[]) {
  const reportId = idOf(form, 'report')
  if (reportId === null) return data<ReportsActionAnswer>({ intent: 'decide', ok: false, message: 'report: укажите отчёт' }, { status: 400 })
  const outcome = await context.workflow.decide(context.useCaseContext, {
    report: reportId,
    status: String(form.get('status') ?? ''),
    comment: String(form.get('comment') ?? ''),
    files,
  })
  if (outcome.ok) return data<ReportsActionAnswer>({ intent: 'decide', ok: true, message: null })
  const { status, detail } = refusalInWords(outcome.refusal)
  return data<ReportsActionAnswer>({ intent: 'decide', ok: false, message: detail }, { status })
}

const UPLOAD_TYPES = ['final_report', 'program', 'observation_results', 'greenhouse_gases'] as const

/**
 * A holder's upload from the plain form (the page without JavaScript): each stored file through the same use-case as
 * the API's upload, to the report or, when the section has none yet, to its section (the report is then made with
 * the first file, in its transaction). The form carries a key made when the page was rendered: the same form sent
 * again (a reload, a double click) registers each file once.
 */
async function upload(context: AppLoadContext, companyId: number, form: FormData, files: StoredUpload[]) {
  const answer = async (status: number, message: string | null, untaken = files) => {
    if (status >= 300) await context.uploads.discard(untaken)
    return data<ReportsActionAnswer>({ intent: 'upload', ok: status < 300, message }, { status })
  }
  if (files.length === 0) return answer(400, 'file: выберите файл')
  const reportType = UPLOAD_TYPES.find((t) => t === form.get('report_type'))
  if (!reportType) return answer(400, 'report_type: укажите раздел отчёта')
  const area = idOf(form, 'area')
  const reportId = idOf(form, 'report')
  const to = reportId !== null ? { report: reportId } : { area, company: area === null ? companyId : null, year: numberOf(form, 'year'), reportType }
  const responsible = idOf(form, 'responsible')
  const key = String(form.get('key') ?? '')
  for (const [i, file] of files.entries()) {
    const outcome = await context.workflow.uploadToSection(context.useCaseContext, {
      ...to,
      description: file.name,
      ecomonResponsible: area !== null ? responsible : null,
      companyResponsible: area === null ? responsible : null,
      upload: file,
      ...(/^[\x21-\x7e]{1,190}$/.test(key) ? { idempotencyKey: `${key}:${i}` } : {}),
    })
    if (!outcome.ok) {
      // This file was removed by the use-case; the ones before it are registered; those after it were never offered.
      const { status, detail } = refusalInWords(outcome.refusal)
      return answer(status, detail, files.slice(i + 1))
    }
  }
  return answer(201, null)
}

/** A field with control characters, answered in the intent's own shape with a Russian message naming the field. */
function controlCharactersRefused(intent: string, form: FormData) {
  const refused = formRefusal(form)
  if (!refused) return null
  const answer: ReportsActionAnswer =
    intent === 'responsible'
      ? { intent, ok: false, errors: refused.field in RESPONSIBLE_FIELDS ? { [refused.field]: refused.message } : {}, message: refused.message }
      : intent === 'decide' || intent === 'delete-file' || intent === 'upload'
        ? { intent, ok: false, message: refused.message }
        : { intent: 'unknown', ok: false, message: refused.message }
  return data<ReportsActionAnswer>(answer, { status: 400 })
}

export async function reportsAction(request: Request, context: AppLoadContext, companyId: number) {
  // Nobody's files are stored before we know they may post here at all: the Department, or the company's holder.
  if (!can(context.user, 'decide:report:any')) requirePermission(request, context.user, 'write:report:own', { companyId })
  let page: PageForm
  try {
    page = await readPageForm(request, context)
  } catch (error) {
    if (error instanceof TooLargeUpload) return data<ReportsActionAnswer>({ intent: 'upload', ok: false, message: error.message }, { status: 413 })
    if (isStorageFault(error)) {
      context.log.error({ err: error }, 'the file store refused a write: nothing was saved')
      return data<ReportsActionAnswer>({ intent: 'upload', ok: false, message: STORAGE_FULL_MESSAGE }, { status: 507 })
    }
    return data<ReportsActionAnswer>({ intent: 'unknown', ok: false, message: 'file: повреждённые данные формы' }, { status: 400 })
  }
  try {
    const answer = await act(context, companyId, page)
    // The use-cases own the files they accepted; a refusal before them leaves none (an upload cleans up its own).
    const status = answer.init?.status ?? 200
    if (status >= 300 && page.form.get('intent') !== 'upload') await page.discard()
    return answer
  } catch (error) {
    await page.discard()
    throw error
  }
}

async function act(context: AppLoadContext, companyId: number, { form, files, discard }: PageForm) {
  const intent = String(form.get('intent') ?? '')
  // Who may decide, save, upload or delete is each use-case's one check (the Department decides, the company's holder
  // does the rest): its refusal is answered in the form, with the status and the words the API gives.
  if (intent === 'decide') return controlCharactersRefused(intent, form) ?? decide(context, form, files)
  const refused = controlCharactersRefused(intent, form)
  if (refused) {
    await discard()
    return refused
  }
  if (intent === 'responsible') return saveResponsible(context, companyId, form)
  if (intent === 'delete-file') return deleteFile(context, form)
  if (intent === 'upload') return upload(context, companyId, form, files)
  return data<ReportsActionAnswer>({ intent: 'unknown', ok: false, message: 'intent: неизвестное действие' }, { status: 400 })
}
