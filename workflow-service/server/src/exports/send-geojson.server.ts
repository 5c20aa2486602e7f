// Streams a GeoJSON FeatureCollection (RFC 7946) to the client, features written batch by batch as they are read and
// only when the client has room for more, so memory stays flat however many records match (as the file exports do).
import { PassThrough } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { contentDisposition } from '@portal/workflow-domain/commands.server.ts'
import { GEOJSON_CONTENT_TYPE } from '@portal/workflow-domain/views.ts'
import { ClientGone, roomIn } from './send-export.server.ts'
import { spendExportRows } from './export-budget.server.ts'
import type { WriteFeatures } from '@portal/workflow-domain/views.ts'

export function sendGeoJson(reply: FastifyReply, request: { name: string; produce: (write: WriteFeatures) => Promise<void> }): FastifyReply {
  const body = new PassThrough()
  reply
    .header('content-type', GEOJSON_CONTENT_TYPE)
    // Inline: QGIS and scripts read it by its address; a browser shows it rather than saving it.
    .header('content-disposition', contentDisposition(`${request.name}.geojson`).replace(/^attachment/, 'inline'))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
  void reply.send(body)
  const run = async () => {
    body.write('{"type":"FeatureCollection","features":[')
    let first = true
    await request.produce(async (features) => {
      if (features.length === 0) return
      spendExportRows(reply, features.length)
      body.write((first ? '' : ',') + features.map((f) => JSON.stringify(f)).join(','))
      first = false
      await roomIn(body)
    })
    body.end(']}')
  }
  run().catch((error: unknown) => {
    if (!(error instanceof ClientGone)) reply.log.error({ err: error }, 'geojson failed')
    body.destroy(error instanceof Error ? error : new Error(String(error)))
  })
  return reply
}
