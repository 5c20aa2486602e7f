// An HTTP refusal thrown by a door or a use-case and answered by the one error handler (plugins/errors.server.ts).
// Plain, without Fastify, so a rule that throws one stays safe in the browser.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string, parameter?: string) =>
  new HttpError(400, message, parameter ? { parameter } : {})
export const notFound = (message = 'Не найдено.') => new HttpError(404, message)
export const forbidden = (message = 'У вас недостаточно прав для выполнения данного действия.') =>
  new HttpError(403, message)
export const conflict = (message: string) => new HttpError(409, message)
