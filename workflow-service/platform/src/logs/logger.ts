// Structured logs (pino); secrets never reach them: cookies, authorization and passwords are redacted.
// Inside a background job every line names the job and the request id of the web request that sent it.
import pino from 'pino'
import { currentJobContext } from './job-context.ts'

/** `destination` is for tests that read what was logged; by default logs go to standard output. */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino({
    level,
    mixin: () => currentJobContext() ?? {},
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrftoken"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.password_hash',
        '*.session_id',
        '*.token',
        '*.csrfToken',
        '*.sessionToken',
      ],
      censor: '[скрыто]',
    },
  }, destination as pino.DestinationStream)
}
