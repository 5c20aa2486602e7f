// The refusal a call ends with, answered as the edge answers it: a use-case returns its refusal (`Refused`), a
// command's decider throws it (`CommandRefused`); a call that was not refused fails the test.
import { CommandRefused, Refused, refusalAnswer } from '@portal/workflow-domain/views.ts'

export async function refusalOf(call: Promise<unknown>) {
  try {
    const answer = await call
    if (answer instanceof Refused) return refusalAnswer(answer.refusal)
  } catch (error) {
    if (error instanceof CommandRefused) return refusalAnswer(error.refusal)
    throw error
  }
  throw new Error('the call was not refused')
}
