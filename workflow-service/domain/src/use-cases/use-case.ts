// What a use-case is: one function `(context, input)` that pages and the API both call. Its input is checked by one
// TypeBox schema, and it answers plain data or a domain refusal (never an HTTP error): each door maps the refusal
// to its own answer (JSON with a status in the API, a Russian message or an error page on a page).
import { type Static, type TSchema } from 'typebox'
import { Compile } from 'typebox/compile'
import type { TValidationError } from 'typebox/error'
import { Value } from 'typebox/value'
import type { CurrentUser } from '../auth/permissions.ts'
import { CommandRefused, type Refusal, Refused } from '../workflow/refusal.ts'

/** Who asks and from where: every use-case gets it, so a command is recorded the same way from a page or the API. */
export interface UseCaseContext {
  actor: CurrentUser | null
  clientAddress: string
  requestId: string
}

/** A use-case's answer: its value, or why it refuses (declared once; `Refused` is its failing side). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal }

export type UseCase<I, O> = (context: UseCaseContext, input: I) => Promise<Outcome<O>>

/** The reason a value breaks its schema, in the words of the API's other 400 answers. */
function problemOf(error: TValidationError | undefined): string {
  if (!error) return 'недопустимое значение'
  switch (error.keyword) {
    case 'required':
      return 'обязательный параметр'
    case 'additionalProperties':
      return 'неизвестный параметр'
    case 'type': {
      const expected = [error.params.type].flat()
      if (expected.includes('integer')) return 'ожидается целое число'
      return expected.includes('number') ? 'ожидается число' : 'недопустимое значение'
    }
    case 'minimum':
      return `не меньше ${error.params.limit}`
    case 'maximum':
      return `не больше ${error.params.limit}`
    case 'minLength':
      return error.params.limit <= 1 ? 'не может быть пустым' : `не короче ${error.params.limit} символов`
    case 'maxLength':
      return `не длиннее ${error.params.limit} символов`
    case 'pattern':
      return 'недопустимые управляющие символы'
    default:
      return 'недопустимое значение'
  }
}

/**
 * The field an error is about: the first step of its path, or, for a missing or unknown property (which TypeBox
 * reports at the object holding it), that property's name.
 */
function parameterOf(error: TValidationError | undefined): string {
  if (!error) return ''
  const step = error.instancePath.replace(/^\//, '').split('/')[0] ?? ''
  if (step) return step
  if (error.keyword === 'required') return error.params.requiredProperties[0] ?? ''
  if (error.keyword === 'additionalProperties') return error.params.additionalProperties[0] ?? ''
  return ''
}

// A schema's check compiled once (TypeBox's compiled check is the same check as Value.Check, without walking the
// schema for every call: a few per page on a cache miss, decision 2781). Only the use-cases' own schemas come here,
// each made once, so the map stays as small as their number.
const checks = new WeakMap<TSchema, (input: unknown) => boolean>()
function checkOf(schema: TSchema): (input: unknown) => boolean {
  let check = checks.get(schema)
  if (!check) {
    const compiled = Compile(schema)
    check = (input) => compiled.Check(input)
    checks.set(schema, check)
  }
  return check
}

/** The refusal of an input that breaks the use-case's schema, naming its first wrong field. */
export function inputRefusal<S extends TSchema>(schema: S, input: unknown): Refusal | null {
  if (checkOf(schema)(input)) return null
  const error = Value.Errors(schema, input)[0]
  const parameter = parameterOf(error) || 'input'
  return { reason: 'invalid-input', parameter, detail: `${parameter}: ${problemOf(error)}` }
}

/**
 * A use-case: its input checked first; it returns its value or `refused(…)`. A refusal still thrown by a command
 * (one that rolls its transaction back) is answered as a value too.
 */
export function useCase<S extends TSchema, O>(schema: S, run: (context: UseCaseContext, input: Static<S>) => Promise<O | Refused>): UseCase<Static<S>, O> {
  return async (context, input) => {
    const invalid = inputRefusal(schema, input)
    if (invalid) return { ok: false, refusal: invalid }
    try {
      const value = await run(context, input)
      return value instanceof Refused ? { ok: false, refusal: value.refusal } : { ok: true, value }
    } catch (error) {
      if (error instanceof CommandRefused) return { ok: false, refusal: error.refusal }
      throw error
    }
  }
}

/** The value of an outcome, or its refusal thrown for the API's error handler (which answers it as JSON). */
export function valueOrRefuse<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new CommandRefused(outcome.refusal)
  return outcome.value
}

/**
 * A door's own check before its use-case runs (null lets the request on), its refusal answered as the use-case's
 * would be: the upload routes refuse users who may read no reports before storing a byte of theirs.
 */
export function passOrRefuse(denied: Refused | null): void {
  if (denied) valueOrRefuse({ ok: false, refusal: denied.refusal })
}
