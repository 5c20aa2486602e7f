// The bytes of a finished download. The tests' browser is the run's one Chromium, reached over its connection
// (global-setup.ts), where Playwright keeps the file on the browser's side: `download.path()` is refused there, the
// stream is not.
import type { Download } from 'playwright-core'

export async function downloadedBytes(download: Download): Promise<Buffer> {
  const failure = await download.failure()
  if (failure) throw new Error(`the download of ${download.suggestedFilename()} failed: ${failure}`)
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
