// A filter of an address read strictly: empty or absent is no filter, one of the choices is that filter, anything
// else (a value that is none of them, the parameter given twice) throws the 400 page in Russian naming the field.
import { data } from '@remix-run/node'

export function strictChoice<T extends string>(params: URLSearchParams, name: string, label: string, choices: readonly T[]): T | undefined {
  const values = params.getAll(name)
  if (values.length > 1) throw data(`${label}: параметр указан несколько раз`, { status: 400 })
  const value = values[0]
  if (value === undefined || value === '') return undefined
  if (!(choices as readonly string[]).includes(value)) throw data(`${label}: выберите значение из списка`, { status: 400 })
  return value as T
}
