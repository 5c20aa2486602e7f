// The hints of the responsible-person form shown in the browser before sending; the real check is the command's
// (workflow-service responsible-details.ts), whose e-mail rule this uses.
import { isEmail } from '@portal/workflow-domain/views.ts'

export interface ResponsibleFields {
  fullname: string
  position: string
  phone: string
  email: string
}

export type ResponsibleErrors = Partial<Record<keyof ResponsibleFields, string>>

const LIMITS: Record<keyof ResponsibleFields, number> = { fullname: 300, position: 300, phone: 50, email: 254 }

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
