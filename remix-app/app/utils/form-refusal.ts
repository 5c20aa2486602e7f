// The first text field of a page form that holds control characters (NUL, escape codes…), as a Russian message
// naming the field: every page action checks its form with this before using it, and answers in its own shape.
import { data } from '@remix-run/node'
import { controlCharacterAt } from '@portal/workflow-domain/views.ts'

/** The fields' names as the pages label them; a field without a label is named as it is sent. */
const FIELD_LABELS: Record<string, string> = {
  username: 'Логин',
  password: 'Пароль',
  fullname: 'ФИО',
  position: 'Должность',
  phone: 'Телефон',
  email: 'Электронная почта',
  comment: 'Комментарий',
  description: 'Описание',
  full_name: 'ФИО',
  fullName: 'ФИО',
  groups: 'Группы',
  company: 'Предприятие',
  area: 'Участок',
  year: 'Год',
  event: 'Событие',
  user: 'Пользователь',
  from: 'С даты',
  to: 'По дату',
  date: 'На дату',
  is_active: 'Активен',
  isActive: 'Активен',
  report: 'Отчёт',
  report_type: 'Вид отчёта',
  status: 'Решение',
  text: 'Сообщение',
}

export const fieldLabel = (name: string, labels: Record<string, string> = FIELD_LABELS) =>
  Object.hasOwn(labels, name) ? labels[name] : Object.hasOwn(FIELD_LABELS, name) ? FIELD_LABELS[name] : name

export function controlCharactersMessage(name: string, labels?: Record<string, string>): string {
  return `Поле «${fieldLabel(name, labels)}» содержит недопустимые управляющие символы.`
}

/** Line breaks and tabs are allowed (comments have lines); every other control character is refused. */
export function formRefusal(form: FormData, labels?: Record<string, string>): { field: string; message: string } | null {
  for (const [name, value] of form.entries()) {
    if (controlCharacterAt(name) >= 0) return { field: 'form', message: 'Форма содержит недопустимые управляющие символы.' }
    if (typeof value === 'string' && controlCharacterAt(value, true) >= 0) return { field: name, message: controlCharactersMessage(name, labels) }
  }
  return null
}

export const BROKEN_FORM = 'Повреждённые данные формы: отправьте форму со страницы ещё раз.'

/**
 * The posted form, or the 400 page with a Russian message when its body cannot be read as one (a multipart body cut
 * short, a boundary that never comes): never a 500. Other content types are refused with 415 before Remix runs.
 */
export async function readPageForm(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw data(BROKEN_FORM, { status: 400 })
  }
}
