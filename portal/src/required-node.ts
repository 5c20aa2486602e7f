// Stops a start on a Node older than the one the portal declares (package.json `engines`), with one line naming the
// version needed and how to get it, before any other module runs. Imported first by the entry points under tsx and
// put first into every compiled command (`dist/*.js`) by the build (scripts/build-server.mjs injects it), since a
// bare `node dist/server.js` is what runs on the machine's own Node. Decision 3901.

/** The oldest Node major the portal runs on: the `engines` of package.json (portal/test/node-runtime.test.ts). */
export const REQUIRED_NODE_MAJOR = 24

/** The line a start on `version` stops with, or null when that Node will do. */
export function oldNodeMessage(version: string): string | null {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1] ?? 0)
  if (major >= REQUIRED_NODE_MAJOR) return null
  return (
    `Ошибка запуска: the portal needs Node ${REQUIRED_NODE_MAJOR} or later and this is Node ${version.replace(/^v/, '')}: ` +
    `start it through npm (npm start, npm run serve, npm run workers…), which runs the Node ${REQUIRED_NODE_MAJOR} that npm install ` +
    `puts in node_modules/.bin, or install Node ${REQUIRED_NODE_MAJOR} from https://nodejs.org`
  )
}

const message = oldNodeMessage(process.version)
if (message) {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}
