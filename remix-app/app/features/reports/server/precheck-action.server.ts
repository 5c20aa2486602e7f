// The reports page's door to the check before sending (decision 2420): the section's form, its file stored as a page
// upload's, then the same use-cases as the API (`precheckFile`, `markedWorkbook`), which remove the bytes whatever
// they answer. `intent=marked` answers the marked book as a download (also without JavaScript); `intent=check` the
// findings as JSON for the page's script. A refusal is its Russian message as plain text, with its status.
import type { AppLoadContext } from '@remix-run/node'
import type { Refusal } from '@portal/workflow-domain/views.ts'
import { contentDisposition } from '@portal/workflow-domain/commands.server.ts'
import { refusalInWords } from '../../../utils/refusal-words.ts'
import { requirePermission } from '../../../utils/permissions.server.ts'
import { readPageForm, TooLargeUpload, type PageForm } from './page-uploads.server.ts'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const REPORT_TYPES = ['final_report', 'program', 'observation_results', 'greenhouse_gases'] as const

const text = (status: number, message: string) => new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
/** The refusal's message with its status; a check past its budget is also one warn line (the API logs the same). */
const refused = (context: AppLoadContext, refusal: Refusal) => {
  if (refusal.reason === 'precheck-over-budget') context.log.warn({ precheck: refusal }, 'check before sending past its budget: the holder is told to send the file')
  const { status, detail } = refusalInWords(refusal)
  return text(status, detail)
}

/** A whole positive id from a form field, or null (absent or not one: the use-case's schema names the field). */
function idOf(form: FormData, name: string): number | null {
  const raw = String(form.get(name) ?? '').trim()
  return /^[0-9]{1,10}$/.test(raw) ? Number(raw) : null
}

export async function precheckAction(request: Request, context: AppLoadContext, companyId: number): Promise<Response> {
  // Nobody's bytes are stored before we know they are a holder of this company; the use-case checks it again.
  requirePermission(request, context.user, 'write:report:own', { companyId })
  let page: PageForm
  try {
    page = await readPageForm(request, context)
  } catch (error) {
    if (error instanceof TooLargeUpload) return text(413, error.message)
    return text(400, 'file: повреждённые данные формы')
  }
  const { form, files } = page
  // One file is checked; any other the form carried is not kept.
  await context.uploads.discard(files.slice(1))
  const upload = files[0]
  if (!upload) return text(400, 'file: выберите файл')
  const area = idOf(form, 'area')
  const yearText = String(form.get('year') ?? '').trim()
  const input = {
    area,
    company: area === null ? companyId : null,
    year: /^[0-9]{1,4}$/.test(yearText) ? Number(yearText) : Number.NaN,
    reportType: REPORT_TYPES.find((t) => t === form.get('report_type')) ?? ('' as (typeof REPORT_TYPES)[number]),
    upload,
  }
  if (form.get('intent') === 'marked') {
    const outcome = await context.workflow.markedWorkbook(context.useCaseContext, input)
    if (!outcome.ok) return refused(context, outcome.refusal)
    return new Response(Buffer.from(outcome.value.bytes), {
      headers: { 'content-type': XLSX, 'content-disposition': contentDisposition(outcome.value.name), 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' },
    })
  }
  const outcome = await context.workflow.precheckFile(context.useCaseContext, input)
  if (!outcome.ok) return refused(context, outcome.refusal)
  return Response.json(outcome.value, { headers: { 'cache-control': 'private, no-store' } })
}
