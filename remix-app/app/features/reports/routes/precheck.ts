// The check before sending of a section's file (a resource route: the reports page posts to it, nothing is shown here).
import type { ActionFunctionArgs } from '@remix-run/node'
import { idParam } from '../../catalogue/server/not-found.ts'
import { precheckAction } from '../server/precheck-action.server.ts'

export async function action({ request, context, params }: ActionFunctionArgs) {
  return precheckAction(request, context, idParam(params.id))
}
