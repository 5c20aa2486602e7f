// Demo data of the report workflow, acted out through the real commands: responsibles, reports in every status,
// files (real bytes in the storage folder) with their checks, decisions, a cancellation and a deletion.
import type { Group, CurrentUser } from '@portal/workflow-domain/views.ts'
// The seed records the checks itself, as the worker would, so it needs no queue (pg-boss is not set up yet).
import { NO_QUEUE } from '@portal/workflow-domain/ports.ts'
import type { CommandContext } from '@portal/workflow-domain/commands.server.ts'
import { accepted } from '@portal/workflow-domain/views.ts'
import {
  requestFileDeletion, uploadFile, recordFileChecked, recordFileDeleted, createReport, decideOnReport,
  createResponsible, removeStoredFile, storeFile, writeNotices,
} from '@portal/workflow-domain/commands.server.ts'
import type { SeedContext, SeedStep } from './seed-context.ts'
import { demoPdf } from './demo-files.server.ts'

// Programmes and final reports are documents: their sections take PDF, DOC, DOCX, XLS, XLSX or ZIP (the upload
// registry), so the demo files are PDFs, and the one that fails its check is an empty draft, as the check reports it.
const EMPTY = Buffer.alloc(0)

export const workflowSeed: SeedStep = {
  name: 'report workflow',
  async run({ trx, faker, scale, storageDir, log }: SeedContext) {
    const users = await trx.selectFrom('users').select(['id', 'username', 'company_id']).execute()
    const userNamed = (name: string) => users.find((u) => u.username === name)
    const companies = await trx.selectFrom('companies').select(['id', 'name']).where('kind', '=', 'lem_industry').orderBy('id').limit(4 * scale).execute()

    const department: CurrentUser = { id: userNamed('department')?.id ?? 0, username: 'department', groups: ['Департамент' as Group], companyId: null }
    const holderOf = (companyId: number): CurrentUser => {
      const user = users.find((u) => u.company_id === companyId)
      return user
        ? { id: user.id, username: user.username, groups: ['Недропользователь'], companyId }
        : { id: 0, username: `demo-holder-${companyId}`, groups: ['Недропользователь'], companyId }
    }
    // Deterministic time: every command is one minute after the one before, from a fixed start.
    let clock = Date.parse('2025-02-03T09:00:00.000Z')
    const as = (actor: CurrentUser): CommandContext => {
      clock += 60_000
      return { db: trx, queue: NO_QUEUE, storageDir, actor, requestId: 'demo-data', clientAddress: null, now: new Date(clock), notices: writeNotices }
    }
    const at = () => ({ now: new Date((clock += 60_000)) })
    let files = 0
    const upload = async (actor: CurrentUser, reportId: number, name: string, content: Buffer | string, contentType: string) => {
      const storageKey = faker.string.uuid()
      const { size, sha256 } = await storeFile(storageDir, storageKey, Buffer.from(content))
      files += 1
      const { fileId } = accepted(await uploadFile(as(actor), {
        reportId,
        description: name.replace(/\.[a-z]+$/, ''),
        ecomonResponsibleId: null,
        companyResponsibleId: null,
        upload: { storageKey, name, size, sha256, contentType },
      }))
      return { fileId, storageKey }
    }
    const responsible = () => ({
      fullname: faker.person.fullName(),
      position: faker.helpers.arrayElement(['Инженер-эколог', 'Начальник отдела охраны окружающей среды', 'Ведущий специалист по экологии']),
      email: faker.internet.email({ provider: 'example.ru' }).toLowerCase(),
      phone: `+7 (3492) ${faker.string.numeric(2)}-${faker.string.numeric(2)}-${faker.string.numeric(2)}`,
      labsName: faker.helpers.arrayElement(['ООО «Экоаналитика Севера»', 'Лаборатория ФГБУ «ЦЛАТИ»', null]),
      labsContacts: null,
    })
    const reportOf = async (actor: CurrentUser, area: number | null, company: number, year: number, reportType: 'program' | 'final_report' | 'greenhouse_gases') =>
      (accepted(await createReport(as(actor), { area, company, year, reportType }))).reportId

    for (const [index, company] of companies.entries()) {
      const holder = holderOf(company.id)
      const areas = await trx.selectFrom('areas').select(['id', 'name']).where('company_id', '=', company.id).where('kind', '=', 'licence_area').orderBy('id').limit(2).execute()
      for (const [areaIndex, area] of areas.entries()) {
        for (const year of areaIndex === 0 ? [2024, 2025] : [2025]) {
          accepted(await createResponsible(as(holder), { scope: 'area', targetId: area.id, year, details: responsible() }))
          const program = await reportOf(holder, area.id, company.id, year, 'program')
          const final = await reportOf(holder, area.id, company.id, year, 'final_report')
          const p = await upload(holder, program, `Программа ЛЭМ ${year}.pdf`, demoPdf(`Monitoring programme ${year}, area ${area.id}`), 'application/pdf')
          await recordFileChecked(trx, { fileId: p.fileId, ok: true, problems: [] }, at())
          const f = await upload(holder, final, `Итоговый отчет ${year}.pdf`, demoPdf(`Final report ${year}, area ${area.id}`), 'application/pdf')
          await recordFileChecked(trx, { fileId: f.fileId, ok: true, problems: [] }, at())
          if (year === 2024) {
            accepted(await decideOnReport(as(department), program, { decision: 'agree', comment: 'Программа согласована.', files: [] }))
            accepted(await decideOnReport(as(department), final, { decision: 'agree', comment: 'Замечаний нет.', files: [] }))
            continue
          }
          if (areaIndex > 0) continue
          // 2025, first area: a rejected data file, fixed and removed; decisions vary by company.
          const bad = await upload(holder, final, `Итоговый отчет ${year} (черновик).pdf`, EMPTY, 'application/pdf')
          await recordFileChecked(trx, { fileId: bad.fileId, ok: false, problems: [{ reason: 'файл пуст (0 байт)' }] }, at())
          if (index % 2 === 0) {
            const decisionKey = faker.string.uuid()
            const decision = demoPdf(`Remarks on the final report ${year}`)
            const { sha256 } = await storeFile(storageDir, decisionKey, decision)
            accepted(await decideOnReport(as(department), final, {
              decision: 'decline',
              comment: 'Файл с результатами наблюдений не прошёл проверку: исправьте значения и загрузите заново.',
              files: [{ id: decisionKey, name: 'Замечания к отчёту.pdf', size: decision.length, sha256, contentType: 'application/pdf' }],
            }))
            accepted(await requestFileDeletion(as(holder), bad.fileId))
            await removeStoredFile(storageDir, bad.storageKey)
            await recordFileDeleted(trx, { fileId: bad.fileId }, at())
          } else {
            accepted(await decideOnReport(as(department), program, { decision: 'agree', comment: 'Согласовано.', files: [] }))
            accepted(await decideOnReport(as(department), program, { decision: 'cancel', comment: 'Решение отменено: программа уточняется.', files: [] }))
          }
        }
      }
      if (index === 0) {
        accepted(await createResponsible(as(holder), { scope: 'company', targetId: company.id, year: 2025, details: responsible() }))
        const greenhouse = await reportOf(holder, null, company.id, 2025, 'greenhouse_gases')
        const g = await upload(holder, greenhouse, 'Парниковые газы 2025.csv', 'Вещество;Выброс, т\r\nCO2;1520.4\r\nCH4;12.7\r\n', 'text/csv')
        await recordFileChecked(trx, { fileId: g.fileId, ok: true, problems: [] }, at())
      }
    }
    const events = await trx.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    log(`demo workflow: ${companies.length} companies, ${files} files in ${storageDir}, ${events.n} events`)
  },
}
