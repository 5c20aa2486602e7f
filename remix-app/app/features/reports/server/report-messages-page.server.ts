// The page of a report's conversation (decision 3711): its loader reads the messages through the same use-case as the
// API's GET, its action posts one (with files, as a plain multipart form: no script needed) through the API's
// use-case. Who may not see the report, the public too, gets the 404 page: the report is not there for them.
import type { AppLoadContext } from '@remix-run/node'
import { data } from '@remix-run/node'
import { randomUUID } from 'node:crypto'
import { can } from '@portal/workflow-domain/views.ts'
import { refusalInWords } from '../../../utils/refusal-words.ts'
import { formRefusal } from '../../../utils/form-refusal.ts'
import { pageValue } from '../../../utils/use-case-answers.server.ts'
import { companyCrumbs } from '../../../utils/links.ts'
import { readPageForm, TooLargeUpload } from './page-uploads.server.ts'
import { REPORT_TYPE_TITLE } from '../components/report-texts.ts'

export type MessageActionAnswer = { ok: boolean; message: string | null }

const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' })

export async function loadReportMessages(request: Request, context: AppLoadContext, companyId: number | null, reportId: number | null) {
  if (companyId === null || reportId === null) throw notFound()
  const { report, messages, side } = pageValue(request, context.user, await context.workflow.reportMessages(context.useCaseContext, { report: reportId }))
  // The address names its company: another company's number with this report is no page.
  if (report.company.id !== companyId) throw notFound()
  const subject = `${REPORT_TYPE_TITLE[report.report_type]} за ${report.year} год${report.area ? ` (${report.area.name})` : ''}`
  const reportsPage = `/companies/${companyId}/reports?year=${report.year}`
  return {
    subject,
    reportsPage,
    crumbs: [...companyCrumbs(report.company), { title: 'Отчетность', to: reportsPage }, { title: 'Переписка', to: `/companies/${companyId}/reports/${report.id}/messages` }],
    reportId: report.id,
    messages: messages.map((m) => ({ ...m, created: m.created.toISOString() })),
    side,
    csrfToken: context.csrfToken,
    // Made when the page was rendered: the same form sent again (a reload, a double click) posts one message.
    formKey: randomUUID(),
    maxUploadMb: context.view.maxUploadMb,
  }
}

export async function reportMessagesAction(request: Request, context: AppLoadContext, companyId: number | null, reportId: number | null) {
  const answer = (status: number, message: string | null) => data<MessageActionAnswer>({ ok: status < 300, message }, { status })
  if (companyId === null || reportId === null) throw notFound()
  // Nobody's files are stored before we know they may write in some report of this company at all.
  if (!can(context.user, 'decide:report:any') && !can(context.user, 'write:report:own', { companyId })) throw notFound()
  let page
  try {
    page = await readPageForm(request, context)
  } catch (error) {
    if (error instanceof TooLargeUpload) return answer(413, error.message)
    return answer(400, 'file: повреждённые данные формы')
  }
  const refused = formRefusal(page.form)
  if (refused) {
    await page.discard()
    return answer(400, refused.message)
  }
  const key = String(page.form.get('key') ?? '')
  try {
    const outcome = await context.workflow.postMessage(context.useCaseContext, {
      report: reportId,
      text: String(page.form.get('text') ?? ''),
      files: page.files,
      ...(/^[\x21-\x7e]{1,200}$/.test(key) ? { key } : {}),
    })
    if (outcome.ok) return answer(outcome.value.created ? 201 : 200, null)
    await page.discard()
    const { status, detail } = refusalInWords(outcome.refusal)
    return answer(status, detail)
  } catch (error) {
    await page.discard()
    throw error
  }
}
