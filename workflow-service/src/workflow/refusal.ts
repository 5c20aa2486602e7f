// Why a command was refused, as the HTTP answer it becomes: 400 for a rule, 403 for a permission, 404, 409 for a lost race.
import { HttpError } from '../plugins/errors.server.ts'

/** A command the workflow does not accept; it leaves no event behind. */
export class Refusal extends HttpError {}

export const refuse = (message: string, parameter?: string) => new Refusal(400, message, parameter ? { parameter } : {})
export const refuseMissing = (message: string) => new Refusal(404, message)
export const refuseConflict = (message: string) => new Refusal(409, message)
