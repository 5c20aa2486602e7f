// The one place a domain refusal becomes an answer: its HTTP status, its Russian message and the parameter it names.
// The API sends it as JSON ({ detail, parameter }); pages show the same message.
import type { ReferenceFieldProblem, Refusal } from '../workflow/refusal.ts'
import { REPORT_TYPES } from '../workflow/reports/report-types.ts'
import { REPORT_DECISIONS, reportStatusWords } from '../workflow/reports/report-status-table.ts'
import { CHARACTERS_GENITIVE, formatNumber, plural } from '../text/russian-format.ts'
import { formatDateTime } from '../text/region-dates.ts'

export interface RefusalAnswer {
  status: 400 | 403 | 404 | 409 | 413
  detail: string
  parameter?: string
  /** Every field a form's refusal names, each with its own message (the first is `parameter`, all are in `detail`). */
  fields?: Array<{ parameter: string; detail: string }>
}

export const LOST_RACE = 'Данные изменены другим пользователем одновременно с вами: обновите страницу и повторите действие.'
export const FORBIDDEN = 'У вас недостаточно прав для выполнения данного действия.'

const FIELD_TITLE = { fullname: 'ФИО', position: 'должность', email: 'электронная почта', phone: 'телефон', labs_name: 'лаборатория', labs_contacts: 'контакты лаборатории' }

const MB = 1024 * 1024
/** «Файл слишком велик для проверки без отправки: …; отправьте его, он будет проверен после загрузки». */
function precheckOverBudget(refusal: Extract<Refusal, { reason: 'precheck-over-budget' }>): string {
  const what =
    refusal.bound === 'rows'
      ? `более ${formatNumber(refusal.limit)} ${plural(refusal.limit, ['строки', 'строк', 'строк'])}`
      : refusal.bound === 'bytes'
        ? `${formatNumber(Math.ceil((refusal.size ?? 0) / MB))} МБ, проверяются без отправки файлы до ${formatNumber(Math.floor(refusal.limit / MB))} МБ`
        : `проверка не уложилась в ${formatNumber(refusal.limit)} с`
  return `Файл слишком велик для проверки без отправки: ${what}; отправьте его, он будет проверен после загрузки`
}

const bad = (parameter: string, detail: string): RefusalAnswer => ({ status: 400, detail, parameter })

function referenceFieldMessage(p: ReferenceFieldProblem): string {
  const problem = {
    required: 'обязательное поле',
    'too-long': `не длиннее ${p.max} символов`,
    number: 'введите неотрицательное число, например 0,05',
    choice: 'выберите значение из списка',
    pattern: p.hint ?? 'неверный формат',
    'not-found': 'такой записи нет: выберите значение из списка',
    below: `не может быть меньше поля «${p.hint ?? ''}»`,
    date: 'введите дату, например 31.03.2026',
    year: `введите год от ${p.hint ?? ''}`,
    'before-year': `не может быть раньше 1 января отчётного года${p.hint ? ` (${p.hint})` : ''}`,
    'unit-family': p.hint ?? 'единица не пересчитывается',
    'not-convertible': p.hint ?? 'значение не пересчитывается',
  }[p.problem]
  return `${p.label}: ${problem}`
}

/** The readings that hold a substance's name and unit, the counts in brackets so no verb agrees with a number. */
function readingsInUse(r: { readings: number; staged: number }): string {
  return [
    ...(r.readings > 0 ? [`опубликованы его показания (${formatNumber(r.readings)})`] : []),
    ...(r.staged > 0 ? [`ждут публикации строки проверенных файлов (${formatNumber(r.staged)})`] : []),
  ].join(' и ')
}

export function refusalAnswer(refusal: Refusal): RefusalAnswer {
  switch (refusal.reason) {
    case 'report-not-found':
      return refusal.parameter ? bad(refusal.parameter, 'report: отчёт не найден') : { status: 404, detail: 'Отчёт не найден.' }
    case 'report-status':
      if (refusal.status === 'none') return { status: 409, detail: 'Отчёт не найден.' }
      return { status: 409, detail: `Нельзя ${REPORT_DECISIONS[refusal.action].action}: отчёт уже в статусе «${reportStatusWords(refusal.status)}». Обновите страницу.` }
    case 'files-being-checked':
      return { status: 409, detail: 'Нельзя согласовать отчёт: его файлы ещё проверяются. Дождитесь окончания проверки.' }
    case 'no-file':
      if (refusal.action === 'decline') return { status: 409, detail: 'Нельзя отклонить отчёт: файлы не загружены.' }
      return { status: 409, detail: 'Нельзя согласовать отчёт: в нём нет ни одного файла.' }
    case 'files-failed':
      return { status: 409, detail: 'Нельзя согласовать отчёт: ни один его файл не прошёл проверку.' }
    case 'decline-without-comment':
      return bad('comment', 'comment: укажите причину отклонения')
    case 'comment-too-long':
      return bad('comment', `comment: не длиннее ${refusal.max} ${plural(refusal.max ?? 0, CHARACTERS_GENITIVE)}`)
    case 'report-target-missing':
      return bad('area', 'area: укажите лицензионный участок (area) или предприятие (company)')
    case 'target-not-found':
      return refusal.parameter === 'area' ? bad('area', 'area: лицензионный участок не найден') : bad('company', 'company: предприятие не найдено')
    case 'area-of-other-company':
      return bad('company', 'company: участок принадлежит другому предприятию')
    case 'report-type-not-for-target': {
      const title = REPORT_TYPES[refusal.reportType].title
      if (refusal.target === 'area') return bad('report_type', `report_type: отчёт «${title}» сдаётся по предприятию, а не по участку`)
      if (refusal.target === 'company-with-areas') {
        return bad('report_type', `report_type: отчёт «${title}» сдаётся по лицензионному участку: по предприятию с участками сдаются только «${REPORT_TYPES.greenhouse_gases.title}»`)
      }
      return bad('report_type', `report_type: отчёт «${title}» сдаётся по лицензионному участку, а не по предприятию`)
    }
    case 'year-out-of-range':
      return bad('year', `year: год отчёта — от ${refusal.first} до ${refusal.last}`)
    case 'report-agreed-upload':
      return bad('report', 'Отчёт согласован: загрузка файлов в него закрыта.')
    case 'no-responsible':
      return bad(refusal.parameter, 'Внесите данные ответственного лица')
    case 'file-exists':
      return { status: 409, detail: 'Файл с этим номером уже загружен.' }
    case 'duplicate-file':
      // 409: the upload is sound, it conflicts with a file the report already holds (named, with its day).
      return { status: 409, detail: `Этот файл уже загружен ${formatDateTime(refusal.uploadedAt).slice(0, 10)} как «${refusal.name}».`, parameter: 'file' }
    case 'precheck-over-budget':
      return { status: 413, detail: precheckOverBudget(refusal), parameter: 'file' }
    case 'file-not-found':
      return { status: 404, detail: 'Файл не найден.' }
    case 'file-being-deleted':
      return { status: 409, detail: 'Файл уже удаляется.' }
    case 'file-processing':
      return bad('id', 'Файл ещё проверяется: удалить его можно после проверки.')
    case 'file-of-agreed-report':
      // The message the spec's UI shows after 'Ошибка удаления файла: ' on a 400.
      return bad('id', 'имеются согласованные отчёты')
    case 'responsible-exists':
      return { status: 409, detail: 'Ответственное лицо за этот год уже внесено: обновите страницу, чтобы изменить его.' }
    case 'responsible-not-found':
      return { status: 404, detail: 'Ответственное лицо не найдено.' }
    case 'responsible-field': {
      const field = refusal.field
      if (refusal.problem === 'required') return bad(field, `${field}: обязательное поле (${FIELD_TITLE[field]})`)
      if (refusal.problem === 'too-long') return bad(field, `${field}: не длиннее ${refusal.max} ${plural(refusal.max ?? 0, CHARACTERS_GENITIVE)}`)
      if (refusal.problem === 'phone') return bad(field, `${field}: цифры, пробелы, + ( ) - и «доб»`)
      return bad(field, `${field}: введите настоящий адрес электронной почты, например ivanov@example.ru`)
    }
    case 'reference-field':
      return bad(refusal.field, referenceFieldMessage(refusal))
    case 'reference-fields': {
      const fields = refusal.problems.map((p) => ({ parameter: p.field, detail: referenceFieldMessage(p) }))
      return { status: 400, detail: fields.map((f) => f.detail).join('; '), parameter: fields[0]?.parameter, fields }
    }
    case 'reference-in-use':
      return { status: 409, detail: `Нельзя удалить запись «${refusal.name}»: на неё ссылаются показания или другие данные. Выведите её из употребления — она останется в прежних данных, но не будет предлагаться для новых.` }
    case 'reference-unit-in-use':
      return {
        status: 409,
        detail: `Нельзя изменить единицу измерения вещества «${refusal.name}»: в «${refusal.unit}» ${readingsInUse(refusal)}, а в «${refusal.to}» они не пересчитываются. Допустимы ${refusal.convertsTo.join(', ')}: показания будут пересчитаны, и у вещества останется одна единица на всех страницах.`,
        parameter: 'unit_id',
      }
    case 'reference-unit-not-convertible':
      return {
        status: 409,
        detail: `Нельзя изменить единицу измерения вещества «${refusal.name}»: ${refusal.label}, ${formatNumber(refusal.value)} ${refusal.from}, в «${refusal.to}» ${refusal.max === null ? 'не пересчитывается в конечное число' : `превысило бы правдоподобную границу ${formatNumber(refusal.max)} ${refusal.to}`}. Ничего не изменено: исправьте это показание или оставьте «${refusal.from}».`,
        parameter: 'unit_id',
      }
    case 'reference-name-in-use':
      return {
        status: 409,
        detail: `Нельзя переименовать вещество «${refusal.name}»: под этим наименованием ${readingsInUse(refusal)}. Показания хранят наименование вещества, и новое разделило бы их надвое: оставьте «${refusal.name}».`,
        parameter: 'name',
      }
    case 'reference-duplicate':
      return { status: 409, detail: `Запись с такими значениями полей «${refusal.label}» уже есть.`, parameter: refusal.field }
    case 'reference-not-found':
      return { status: 404, detail: 'Запись справочника не найдена.' }
    case 'responsible-target-changed':
      return bad(refusal.parameter, `${refusal.parameter}: ответственное лицо внесено по другому ${refusal.parameter === 'area' ? 'участку' : 'предприятию'}`)
    case 'responsible-year-changed':
      return bad('year', 'year: год ответственного лица не меняется')
    case 'company-not-found':
      return { status: 404, detail: 'Предприятие не найдено.' }
    case 'receipt-not-found':
      return { status: 404, detail: 'Квитанция не найдена.' }
    case 'area-not-found':
      return { status: 404, detail: 'Лицензионный участок не найден.' }
    case 'stored-file-missing':
      return { status: 404, detail: `Файл ${refusal.label} нельзя скачать` }
    case 'user-not-found':
      return { status: 404, detail: 'Пользователь не найден.' }
    case 'username-taken':
      return { status: 409, detail: `Пользователь «${refusal.username}» уже существует.` }
    case 'last-administrator':
      return {
        status: 409,
        detail: `${refusal.parameter === 'groups' ? 'Группы' : 'Активен'}: это последний активный администратор — без него в портал никто не сможет войти как администратор. Сначала назначьте другого.`,
        parameter: refusal.parameter,
      }
    case 'target-missing-for-archive':
      return { status: 404, detail: 'Участок или предприятие не найдены.' }
    case 'sta-path-not-found':
      return { status: 404, detail: `${refusal.detail}.` }
    case 'record-not-found':
      return { status: 404, detail: `${refusal.title}: запись ${refusal.id} не найдена.` }
    case 'point-not-found':
      return { status: 404, detail: 'Пункт наблюдения не найден.' }
    case 'point-deletion-refused':
      return { status: 400, detail: `Ошибка удаления пункта наблюдения: ${refusal.why}.` }
    case 'template-not-found':
      return { status: 404, detail: 'Шаблон не найден.' }
    case 'template-target-not-found':
      return { status: 404, detail: refusal.parameter === 'area' ? 'Участок не найден.' : 'Предприятие не найдено.' }
    case 'invalid-input':
      return bad(refusal.parameter, refusal.detail)
    case 'invalid-fields':
      return { status: 400, detail: refusal.problems.map((p) => p.detail).join('; '), parameter: refusal.problems[0]?.parameter, fields: refusal.problems }
    case 'login-required':
      return { status: 403, detail: 'Войдите, чтобы увидеть уведомления.' }
    case 'forbidden':
      return { status: 403, detail: FORBIDDEN }
    case 'own-company-report':
      return { status: 403, detail: 'Нельзя принимать решение по отчёту собственного предприятия.' }
    case 'lost-race':
      return { status: 409, detail: LOST_RACE }
  }
}
