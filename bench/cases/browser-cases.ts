// page.js (initial JavaScript of the heaviest page, KB after gzip) and page.lcp (largest contentful paint in Chromium).
import { gzipSync } from 'node:zlib'
import { type Browser, chromium } from 'playwright-core'
import type { RunningPortal } from '../support/portal-process.ts'
import { round } from '../support/results.ts'
import type { BenchContext, Recorder } from './bench-context.ts'

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync']

interface PageFigures {
  path: string
  jsKbGzip: number
  lcpMs: number
}

async function measurePage(browser: Browser, url: string): Promise<{ jsBytes: number; lcp: number }> {
  // A fresh context each time: an empty cache, as a first visit.
  const context = await browser.newContext({ locale: 'ru-RU' })
  const page = await context.newPage()
  const scripts: Array<Promise<number>> = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body().then((b) => gzipSync(b).length, () => 0))
  })
  try {
    await page.goto(url, { waitUntil: 'load' })
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let last = 0
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) last = Math.max(last, entry.startTime)
          }).observe({ type: 'largest-contentful-paint', buffered: true })
          // The entries are delivered asynchronously: give the observer a moment, then answer the latest.
          setTimeout(() => resolve(last), 300)
        }),
    )
    await page.waitForLoadState('networkidle').catch(() => {})
    const jsBytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0)
    return { jsBytes, lcp }
  } finally {
    await context.close()
  }
}

export async function browserCases(context: BenchContext, portal: RunningPortal, pagePaths: string[], record: Recorder): Promise<PageFigures[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
  const figures: PageFigures[] = []
  try {
    const runs = context.scale === 'tiny' ? 1 : 5
    for (const path of pagePaths) {
      // A first visit warms the server (plans, caches); the figures come from the visits after it.
      if (context.scale !== 'tiny') await measurePage(browser, `${portal.baseUrl}${path}`)
      const lcps: number[] = []
      let jsBytes = 0
      for (let i = 0; i < runs; i++) {
        const m = await measurePage(browser, `${portal.baseUrl}${path}`)
        lcps.push(m.lcp)
        jsBytes = Math.max(jsBytes, m.jsBytes)
      }
      lcps.sort((a, b) => a - b)
      figures.push({ path, jsKbGzip: round(jsBytes / 1024, 1), lcpMs: Math.round(lcps[Math.floor(lcps.length / 2)]) })
    }
  } finally {
    await browser.close()
  }
  for (const f of figures) context.log(`${f.path}: ${f.jsKbGzip} KB of JavaScript (gzip), LCP ${f.lcpMs} ms`)
  const heaviest = figures.reduce((a, b) => (b.jsKbGzip > a.jsKbGzip ? b : a))
  const slowest = figures.reduce((a, b) => (b.lcpMs > a.lcpMs ? b : a))
  record({ case: 'page.js', value: heaviest.jsKbGzip, unit: 'KB gzip' })
  record({ case: 'page.lcp', value: slowest.lcpMs, unit: 'ms', p50_ms: slowest.lcpMs })
  return figures
}
