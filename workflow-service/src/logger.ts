// Structured logs (pino); secrets never reach them: cookies, authorization and passwords are redacted.
import pino from 'pino'

export function createLogger(level: string) {
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
      ],
      censor: '[скрыто]',
    },
  })
}
