// The Idempotency-Key header of an unsafe request that may be retried (an upload, a message): a retry with the same
// key records nothing new and is answered as the first request was.
import { badRequest } from '@portal/workflow-domain/views.ts'

/** 1 to 200 visible ASCII characters (a UUID, say), or absent. */
export function idempotencyKeyOf(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined
  if (typeof raw !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(raw)) throw badRequest('Idempotency-Key: от 1 до 200 видимых символов ASCII', 'Idempotency-Key')
  return raw
}
