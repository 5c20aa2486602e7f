// Structured logs (pino); secrets never reach them: cookies, authorization and passwords are redacted.
import pino from 'pino'

/** `destination` is for tests that read what was logged; by default logs go to standard output. */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino({
    level,
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
