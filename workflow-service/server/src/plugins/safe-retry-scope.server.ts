// Marks the work of a GET or HEAD request as safe to ask again: a read of it whose pooled connection drops is asked
// once more on a fresh connection instead of answering 503 (decision 3504). Commands and uploads are never marked.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { isSafeMethod, runSafeToRetry } from '@portal/workflow-platform/database.server.ts'

export const safeRetryScope = fp(
  async (app: FastifyInstance) => {
    // The hooks and the handler after this one run inside the scope `done` is called in.
    app.addHook('onRequest', (request, _reply, done) => {
      if (isSafeMethod(request.method)) runSafeToRetry(done)
      else done()
    })
  },
  { name: 'safe-retry-scope' },
)
