// The rules of the responsible-person form, shared by the browser (before sending) and the action (the real check).

export interface ResponsibleFields {
  fullname: string
  position: string
  phone: string
  email: string
}

export type ResponsibleErrors = Partial<Record<keyof ResponsibleFields, string>>

const LIMITS: Record<keyof ResponsibleFields, number> = { fullname: 300, position: 300, phone: 50, email: 254 }

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

export function responsibleErrors(fields: ResponsibleFields): ResponsibleErrors {
  const errors: ResponsibleErrors = {}
  for (const name of Object.keys(LIMITS) as Array<keyof ResponsibleFields>) {
    const value = fields[name]
    if (!value) errors[name] = 'Обязательное поле'
    else if (value.length > LIMITS[name]) errors[name] = `Не длиннее ${LIMITS[name]} символов`
  }
  if (!errors.phone && !/^[0-9+()\-\s.,доб]+$/.test(fields.phone)) errors.phone = 'Телефон: цифры, пробелы, + ( ) - и «доб»'
  if (!errors.email && !isEmail(fields.email)) errors.email = 'Введите настоящий адрес электронной почты, например ivanov@example.ru'
  return errors
}

export function responsibleFieldsOf(form: FormData): ResponsibleFields {
  const text = (name: string) => String(form.get(name) ?? '').trim()
  return { fullname: text('fullname'), position: text('position'), phone: text('phone'), email: text('email') }
}
