// The portal's folder (the one holding remix-app/), found from this module whether it runs from the sources
// (workflow-service/platform/src/) or compiled into dist/.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export function projectRoot(from: string = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(from))
  for (;;) {
    if (existsSync(path.join(dir, 'remix-app')) && existsSync(path.join(dir, 'package.json'))) return dir
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('the portal folder (with remix-app/) was not found above the running code')
    dir = parent
  }
}
