// Server rendering of every page, streamed; React's and Remix's inline scripts carry the request's CSP nonce.
import { Transform } from 'node:stream'
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { isUnreachable } from '@portal/workflow-domain/views.ts'

const ABORT_DELAY = 5_000

/**
 * React 18's streaming renderer can leave zero bytes at the end of a chunk that holds non-ASCII text (Cyrillic
 * names landed as 'Б\0елая' in pages; react#26228, fixed only in React 19). A zero byte is never part of a UTF-8
 * multi-byte sequence and our texts refuse control characters, so dropping every zero byte is exact.
 */
export function withoutZeroBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (chunk.indexOf(0) === -1) return callback(null, chunk)
      const kept = Buffer.allocUnsafe(chunk.length)
      let length = 0
      for (const byte of chunk) if (byte !== 0) kept[length++] = byte
      callback(null, kept.subarray(0, length))
    },
  })
}

/**
 * React ends its destination again when the destination closes after the page was sent (its close handler aborts a
 * finished render), and `end()` on an ended stream builds an ERR_STREAM_ALREADY_FINISHED error, stack and all, for
 * every page: a second end is no call at all here.
 */
export function onceEnded(stream: Transform): Transform {
  const end = stream.end.bind(stream) as (...args: unknown[]) => Transform
  stream.end = ((...args: unknown[]) => (stream.writableEnded ? stream : end(...args))) as Transform['end']
  return stream
}

/**
 * A loader's, an action's or the rendering's error: logged with the request's id (the request's own logger), never
 * sent. In production mode Remix answers it as a bare "Unexpected Server Error"; the page shows a message and the id.
 * A request the client gave up is no failure of ours.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs): void {
  if (request.signal.aborted) return
  // The database or Redis away: the answer becomes a 503 (try again), logged once without a stack.
  if (isUnreachable(error)) {
    context.faults.unreachable = true
    context.log.error({ fault: { message: error instanceof Error ? error.message : String(error), code: (error as { code?: unknown }).code } }, 'the database or the queue is unreachable: the page answered 503')
    return
  }
  context.log.error({ err: error }, 'page failed')
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode
  const nonce = loadContext.cspNonce
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    // A page rendered whole has nothing left to abort: the timer would hold the render for ABORT_DELAY and then end
    // a finished stream (decision 3825), so it is cleared once all is ready or the shell failed.
    let timer: NodeJS.Timeout | undefined
    const ready = () => {
      shellRendered = true
      const body = onceEnded(withoutZeroBytes())
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
      pipe(body)
    }
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />,
      {
        nonce,
        onShellReady: waitForAll ? undefined : ready,
        onAllReady() {
          clearTimeout(timer)
          if (waitForAll) ready()
        },
        onShellError(error: unknown) {
          clearTimeout(timer)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors before the shell reject above and are logged by Remix (handleError); later ones only here.
          if (shellRendered) loadContext.log.error({ err: error }, 'page rendering failed')
        },
      },
    )
    timer = setTimeout(abort, ABORT_DELAY)
  })
}
