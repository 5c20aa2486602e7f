// A refusal as a page says it: the API's message names the parameter («year: не больше 2100»), a page names the field
// as its form labels it («Год: не больше 2100»), and never shows a parameter's name, even one it has no label for.
import { refusalAnswer, type Refusal } from '@portal/workflow-domain/views.ts'
import { fieldLabel } from './form-refusal.ts'

/** A parameter the page has no label for is «Значение», not its name. */
const UNLABELLED = 'Значение'

/** The refusal's status and its message in the page's words; `labels` adds or overrides the page's own labels. */
export function refusalInWords(refusal: Refusal, labels?: Record<string, string>): { status: number; detail: string; parameter?: string; fields?: Array<{ parameter: string; detail: string }> } {
  const answer = refusalAnswer(refusal)
  const lead = /^([A-Za-z_][A-Za-z0-9_.[\]/]*): /.exec(answer.detail)
  if (!lead) return answer
  const name = lead[1]
  const label = fieldLabel(name, labels)
  const words = label === name ? UNLABELLED : label
  return { ...answer, detail: `${words}: ${answer.detail.slice(lead[0].length)}` }
}
