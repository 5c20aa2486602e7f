// The reports page's actions: save the responsible person, delete a file, and the Department's decision; each is the
// same command as the API's, so the rules, the refusals and the history (who, from which address) do not differ by door.
import type { AppLoadContext } from '@remix-run/node'
import { data } from '@remix-run/node'
import { refusalAnswer } from '@portal/workflow-service/http/refusal-answers.ts'
import { HttpError } from '@portal/workflow-service/plugins/errors.server.ts'
import { CommandRefused } from '@portal/workflow-service/workflow/refusal.ts'
import { type CommandContext, commandContextOf } from '@portal/workflow-service/workflow/command-context.server.ts'
import { requestFileDeletion } from '@portal/workflow-service/workflow/files/file-commands.server.ts'
import { decideOnReport, type Decision } from '@portal/workflow-service/workflow/reports/report-commands.server.ts'
import { createResponsible, editResponsible } from '@portal/workflow-service/workflow/responsibles/responsible-commands.server.ts'
import { responsibleFieldsOf, type ResponsibleErrors } from '../components/responsible-rules.ts'
import { DELETE_AGREED, DELETE_UNKNOWN } from '../components/report-texts.ts'
import { requirePermission } from '../../../utils/permissions.server.ts'

const RESPONSIBLE_FIELDS = { fullname: true, position: true, phone: true, email: true }

export type ReportsActionAnswer =
  | { intent: 'responsible'; ok: boolean; errors: ResponsibleErrors; message: string | null }
  | { intent: 'delete-file'; ok: boolean; message: string | null }
  | { intent: 'decide'; ok: boolean; message: string | null }
  | { intent: 'unknown'; ok: false; message: string }

/** The page's caller of a command: the same context the API builds, from the load context. */
function commandContext(_request: Request, context: AppLoadContext): CommandContext {
  return commandContextOf(
    { db: context.db, queue: context.queue, storageDir: context.config.storageDir },
    { actor: context.user, requestId: context.requestId ?? null, clientAddress: context.clientAddress ?? null },
  )
}

/** A whole positive id from a form field, or null. */
function idOf(form: FormData, name: string): number | null {
  const raw = String(form.get(name) ?? '').trim()
  if (!/^[0-9]{1,10}$/.test(raw)) return null
  const value = Number(raw)
  return value >= 1 && value <= 2_147_483_647 ? value : null
}

async function saveResponsible(request: Request, context: AppLoadContext, companyId: number, form: FormData) {
  // The fields' rules (not blank, a real e-mail address…) are the command's: the same refusal as through the API.
  const fields = responsibleFieldsOf(form)
  const scope = form.get('scope') === 'area' ? 'area' : 'company'
  const year = idOf(form, 'year')
  const answer = (status: number, message: string | null, fieldErrors: ResponsibleErrors = {}) =>
    data<ReportsActionAnswer>({ intent: 'responsible', ok: status < 300, errors: fieldErrors, message }, { status })
  if (year === null || year < 2000 || year > 2100) return answer(400, 'year: ожидается год от 2000 до 2100')
  const target = scope === 'area' ? idOf(form, 'area') : companyId
  if (target === null) return answer(400, 'area: укажите лицензионный участок')
  const existing = idOf(form, 'id')
  const command = commandContext(request, context)
  // The commands check write:report:own against the area's or company's owner; nothing here is trusted from the form.
  if (existing !== null) {
    // The form has the spec's four fields: the laboratory entered through the API stays as it was.
    await editResponsible(command, { scope, id: existing, targetId: target, year, details: fields })
  } else {
    await createResponsible(command, { scope, targetId: target, year, details: { ...fields, labsName: null, labsContacts: null } })
  }
  return answer(200, null)
}

async function deleteFile(request: Request, context: AppLoadContext, form: FormData) {
  const fileId = idOf(form, 'file')
  if (fileId === null) return data<ReportsActionAnswer>({ intent: 'delete-file', ok: false, message: 'file: укажите файл' }, { status: 400 })
  try {
    await requestFileDeletion(commandContext(request, context), fileId)
  } catch (error) {
    // Spec §8: a 400 (the report is agreed) has its own message; any other failure the generic one.
    if (error instanceof CommandRefused) {
      const { status } = refusalAnswer(error.refusal)
      const message = status === 400 ? DELETE_AGREED : DELETE_UNKNOWN
      return data<ReportsActionAnswer>({ intent: 'delete-file', ok: false, message }, { status })
    }
    throw error
  }
  return data<ReportsActionAnswer>({ intent: 'delete-file', ok: true, message: null })
}

const DECISIONS: Record<string, Decision> = { agreed: 'agree', rejected: 'decline', consideration: 'cancel' }

/** The Department's decision posted from a page (status agreed | rejected | consideration, comment). */
async function decide(request: Request, context: AppLoadContext, form: FormData) {
  const reportId = idOf(form, 'report')
  const decision = DECISIONS[String(form.get('status') ?? '')]
  if (reportId === null) return data<ReportsActionAnswer>({ intent: 'decide', ok: false, message: 'report: укажите отчёт' }, { status: 400 })
  if (!decision) return data<ReportsActionAnswer>({ intent: 'decide', ok: false, message: 'status: ожидается agreed, rejected или consideration' }, { status: 400 })
  try {
    await decideOnReport(commandContext(request, context), reportId, { decision, comment: String(form.get('comment') ?? ''), files: [] })
  } catch (error) {
    if (error instanceof CommandRefused) {
      const { status, detail } = refusalAnswer(error.refusal)
      return data<ReportsActionAnswer>({ intent: 'decide', ok: false, message: detail }, { status })
    }
    throw error
  }
  return data<ReportsActionAnswer>({ intent: 'decide', ok: true, message: null })
}

export async function reportsAction(request: Request, context: AppLoadContext, companyId: number) {
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  if (intent === 'decide') {
    requirePermission(request, context.user, 'decide:report:any')
    return decide(request, context, form)
  }
  // License holders save and delete through this page; the commands check the company.
  requirePermission(request, context.user, 'write:report:own', { companyId })
  try {
    if (intent === 'responsible') return await saveResponsible(request, context, companyId, form)
    if (intent === 'delete-file') return await deleteFile(request, context, form)
  } catch (error) {
    if (error instanceof CommandRefused) {
      // The same answer as the API's: its message, under the field it names when it names one.
      const { status, detail, parameter } = refusalAnswer(error.refusal)
      const errors: ResponsibleErrors = parameter && parameter in RESPONSIBLE_FIELDS ? { [parameter]: detail } : {}
      return data<ReportsActionAnswer>({ intent: 'responsible', ok: false, errors, message: detail }, { status })
    }
    if (error instanceof HttpError && error.statusCode < 500) {
      return data<ReportsActionAnswer>({ intent: 'responsible', ok: false, errors: {}, message: error.message }, { status: error.statusCode })
    }
    throw error
  }
  return data<ReportsActionAnswer>({ intent: 'unknown', ok: false, message: 'intent: неизвестное действие' }, { status: 400 })
}
