// Runs axe-core in a page and answers its serious and critical findings, one line each (rule, target, help).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }>
}

export async function seriousFindings(page: Page): Promise<string[]> {
  // Evaluated through the browser's protocol, not as a page script: the pages' CSP (nonces) stays as it is.
  await page.evaluate(AXE_SOURCE)
  const result = await page.evaluate(() => (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<unknown> } }).axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    resultTypes: ['violations'],
  })) as AxeResult
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3})` : ''}`)
}
