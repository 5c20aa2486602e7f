// The rules of a responsible person's details, the same for every door (API, page, demo data): trimmed, required
// fields not blank, a real e-mail address, a telephone of digits and the usual signs, bounded lengths.
import type { Refusal, ResponsibleField } from '../refusal.ts'
import type { ResponsibleDetails } from './responsible-events.ts'

const LIMITS = { fullname: 300, position: 300, email: 254, phone: 50, labs_name: 500, labs_contacts: 500 } as const

/**
 * A real address: one @, a local part without spaces or doubled dots, and a domain of dot-separated labels
 * (letters, digits, hyphens, not at a label's ends) ending in a top-level domain of two or more letters.
 */
export function isEmail(value: string): boolean {
  if (value.length > 254) return false
  const at = value.lastIndexOf('@')
  if (at < 1 || at !== value.indexOf('@')) return false
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  if (local.length > 64 || !/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false
  const labels = domain.split('.')
  if (labels.length < 2) return false
  if (!labels.every((l) => /^[A-Za-z0-9а-яё](?:[A-Za-z0-9а-яё-]{0,61}[A-Za-z0-9а-яё])?$/i.test(l))) return false
  return /^(?:[A-Za-zа-яё]{2,63}|xn--[A-Za-z0-9-]{2,59})$/i.test(labels[labels.length - 1])
}

export const isPhone = (value: string) => /^[0-9+()\-\s.,доб]+$/.test(value)

/** The details trimmed (empty optional fields become null), or the first rule they break, in form order. */
export function checkResponsibleDetails(details: ResponsibleDetails): ResponsibleDetails | Refusal {
  const trimmed: ResponsibleDetails = {
    fullname: details.fullname.trim(),
    position: details.position.trim(),
    email: details.email.trim(),
    phone: details.phone.trim(),
    labsName: details.labsName?.trim() || null,
    labsContacts: details.labsContacts?.trim() || null,
  }
  const values: Record<ResponsibleField, string> = {
    fullname: trimmed.fullname,
    position: trimmed.position,
    phone: trimmed.phone,
    email: trimmed.email,
    labs_name: trimmed.labsName ?? '',
    labs_contacts: trimmed.labsContacts ?? '',
  }
  for (const field of Object.keys(values) as ResponsibleField[]) {
    const required = field !== 'labs_name' && field !== 'labs_contacts'
    if (required && !values[field]) return { reason: 'responsible-field', field, problem: 'required' }
    if (values[field].length > LIMITS[field]) return { reason: 'responsible-field', field, problem: 'too-long', max: LIMITS[field] }
  }
  if (!isPhone(trimmed.phone)) return { reason: 'responsible-field', field: 'phone', problem: 'phone' }
  if (!isEmail(trimmed.email)) return { reason: 'responsible-field', field: 'email', problem: 'email' }
  return trimmed
}
