// A problem found in an uploaded file: where it is (row, column, value) and why, as the license holder reads it.
import type { FileProblem } from '@portal/migrations/database.ts'

export type Problem = FileProblem

/** Ends the check of a file with one problem (unreadable, wrong type, bomb): the file, not the worker, is at fault. */
export class FileRejected extends Error {
  constructor(
    readonly reason: string,
    readonly where: Omit<Problem, 'reason'> = {},
  ) {
    super(reason)
  }

  toProblem(): Problem {
    return { ...this.where, reason: this.reason }
  }
}
