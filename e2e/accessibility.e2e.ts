// axe-core on one page of every type, as the public and as each role: no serious or critical finding.
import type { FileChooser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousFindings } from './support/axe.ts'
import { useBrowser } from './support/browser.ts'
import { greenhouseCsv } from './support/greenhouse-file.ts'
import { useEveryPageType } from './support/every-page-type.ts'
import type { Role } from './support/page-types.ts'
import { logIn } from './support/log-in.ts'

const b = useBrowser()
const { types, roles } = useEveryPageType(b)

async function findingsOf(list: Array<{ name: string; path: string; as: Role }>): Promise<string[]> {
  const findings: string[] = []
  for (const type of list) {
    const page = await roles.as(type.as)
    await page.goto(`${b.baseUrl}/monitoring${type.path}`, { waitUntil: 'load' })
    for (const finding of await seriousFindings(page)) findings.push(`${type.name} (${type.path} as ${type.as}): ${finding}`)
  }
  return findings
}

// A year no other browser test reports in, so this path's report starts empty whatever ran before.
const YEAR = new Date().getFullYear() - 2

/** The accessible name of the focused element, as a screen reader would announce it (near enough for a test). */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return ''
    const labelled = el.getAttribute('aria-labelledby')
    const label = el.getAttribute('aria-label') ?? (labelled ? document.getElementById(labelled)?.textContent : null) ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? ''
    return label.replace(/\s+/g, ' ').trim()
  })
}

/**
 * Waits until React has taken the page over: its controls are drawn by the server but those that open a dialog do
 * nothing until then, and on a loaded machine an Enter pressed in that gap was lost (the agreement's dialog never opened
 * in a whole CI run). React keeps an element's props on the element from the moment it has hydrated it (or drawn it
 * anew); the skip link is the first element of every page.
 */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const skip = document.querySelector('a.skip-link, a[href="#content"]')
    return skip !== null && Object.keys(skip).some((key) => key.startsWith('__reactProps$'))
  }, undefined, { timeout: 30_000 })
}

/** Presses Tab (only Tab) until the focus is on the element so named; fails if it is never reached. */
async function tabTo(page: Page, name: string | RegExp, limit = 250): Promise<void> {
  const seen: string[] = []
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    const focused = await focusedName(page)
    if (typeof name === 'string' ? focused === name : name.test(focused)) return
    seen.push(focused)
  }
  throw new Error(`Tab never reached «${name}»; it went through: ${[...new Set(seen)].join(' | ')}`)
}

const eventually = <T>(value: () => Promise<T> | T) => expect.poll(value, { timeout: 30_000 })

/**
 * Opens the browser's file chooser from the focused file input with the keyboard: Enter, and Space if Enter brought
 * none (both activate a file input). In full runs of every browser file Chromium now and then let an Enter on the
 * input pass without a chooser (never when the file ran alone or in the same order with fewer files): what the page
 * had then is written to the test's output, and the input is focused again before the next key.
 */
async function openChooserByKeyboard(page: Page, name: string): Promise<FileChooser> {
  for (const key of ['Enter', 'Enter', 'Space']) {
    if ((await focusedName(page)) !== name) await tabTo(page, name)
    // Asked for before the key is pressed, so the chooser is caught however loaded the machine is.
    const choosing = page.waitForEvent('filechooser', { timeout: 20_000 }).catch(() => null)
    await page.keyboard.press(key)
    const chooser = await choosing
    if (chooser) return chooser
    const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 300) ?? '(none)')
    process.stdout.write(`no file chooser after ${key}; focused: ${focused}\n`)
  }
  throw new Error(`no file chooser opened from «${name}» by Enter or Space`)
}

describe('accessibility', () => {
  it('takes a report from upload to agreement with the keyboard alone', async () => {
    const holder = await logIn(b, 'holder1')
    const info = (await holder.evaluate(async () => (await fetch('/api/v1/initialization/')).json())) as { user: { company: number } }
    await holder.goto(`${b.baseUrl}/monitoring/companies/${info.user.company}/reports?year=${YEAR}`)
    const companyName = ((await holder.getByRole('heading', { level: 1 }).textContent()) ?? '').trim()
    await hydrated(holder)

    // The responsible person, through the dialog, field by field.
    await tabTo(holder, 'Внести ответственное лицо (Парниковые газы)')
    await holder.keyboard.press('Enter')
    const dialog = holder.getByRole('dialog', { name: 'Ответственное лицо' })
    await dialog.waitFor()
    for (const [field, value] of [['ФИО', 'Петров Пётр Петрович'], ['Должность', 'Эколог'], ['Телефон', '+7 (3492) 11-22-33'], ['Электронная почта', 'petrov@example.ru']]) {
      await tabTo(holder, new RegExp(`^${field}`))
      await holder.keyboard.type(value)
    }
    await tabTo(holder, 'Сохранить')
    await holder.keyboard.press('Enter')
    await eventually(() => dialog.count()).toBe(0)

    // The file: the picker opens from the keyboard; the browser's own dialog is where the file is chosen.
    const file = await greenhouseCsv(holder, { year: YEAR, name: 'keyboard.csv' })
    await tabTo(holder, 'Загрузить файлы: Парниковые газы')
    const chooser = await openChooserByKeyboard(holder, 'Загрузить файлы: Парниковые газы')
    await chooser.setFiles(file)
    const section = holder.getByRole('region', { name: 'Парниковые газы' })
    const listed = section.getByRole('listitem').filter({ has: holder.getByRole('link', { name: 'keyboard.csv' }) })
    await eventually(() => listed.getByRole('status').textContent()).toBe('Принят')
    await holder.close()

    // The Department: from the queue to the report, then the agreement with a comment.
    const department = await logIn(b, 'department')
    await department.goto(`${b.baseUrl}/monitoring/department-reports`)
    await hydrated(department)
    await tabTo(department, `${companyName}, Парниковые газы, ${YEAR} год`)
    await department.keyboard.press('Enter')
    await department.waitForURL((url) => url.searchParams.get('year') === String(YEAR))
    // The company's tabs have a 'Парниковые газы' link too: on to the accordion's own heading.
    await tabTo(department, /^Парниковые газы/)
    for (let i = 0; i < 5 && !(await department.evaluate(() => document.activeElement?.tagName === 'SUMMARY')); i++) {
      await tabTo(department, /^Парниковые газы/)
    }
    // A section with a report to decide opens by itself; Enter would close it again.
    if (!(await department.evaluate(() => (document.activeElement?.closest('details') as HTMLDetailsElement | null)?.open ?? false))) {
      await department.keyboard.press('Enter')
    }
    await tabTo(department, 'Согласовать (Парниковые газы)')
    await department.keyboard.press('Enter')
    const agree = department.getByRole('dialog', { name: 'Согласовать отчёт' })
    await agree.waitFor()
    await tabTo(department, /^Комментарий/)
    await department.keyboard.type('Согласовано с клавиатуры.')
    await tabTo(department, 'Согласовать')
    await department.keyboard.press('Enter')
    await eventually(() => agree.count()).toBe(0)
    await department.getByRole('region', { name: 'Парниковые газы' }).getByRole('button', { name: /^Согласован / }).waitFor()
    await department.close()
  }, 180_000)

  it("offers a skip link as the first stop of the keyboard, shown when reached, that takes it past the header to the page's content", async () => {
    const page = await b.open('/companies')
    const link = page.getByRole('link', { name: 'Перейти к содержанию' })
    expect((await link.boundingBox())!.y + (await link.boundingBox())!.height).toBeLessThanOrEqual(0)
    await page.keyboard.press('Tab')
    expect(await focusedName(page)).toBe('Перейти к содержанию')
    expect((await link.boundingBox())!.y).toBeGreaterThanOrEqual(0)
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('content')
    // The next Tab lands inside the content, not back in the header.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true)
    await page.close()
  })

  it('finds nothing serious or critical on any page type, each opened by the role it is for', async () => {
    expect(await findingsOf(types)).toEqual([])
  }, 240_000)

  it('finds nothing serious or critical on the public pages opened by each logged-in role (their header and tabs differ)', async () => {
    const shared = types.filter((t) => t.as === 'public' && ['home', 'company card', 'area card', 'point card', 'polygon card', 'greenhouse gases list'].includes(t.name))
    const asRoles = (['department', 'admin', 'holder1', 'administration'] as const).flatMap((role) => shared.map((t) => ({ ...t, as: role })))
    expect(await findingsOf(asRoles)).toEqual([])
  }, 240_000)
})
