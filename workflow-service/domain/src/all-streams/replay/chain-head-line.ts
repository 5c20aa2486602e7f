// What `replay --verify` says about the head kept beside the audit key: whether the log was compared with it, and
// if not, why (docs/workflow.md quotes these words; the tests read them).
import type { ChainCheck } from '../../event-store/chain-verification.server.ts'

export function chainHeadLine(chain: ChainCheck): string {
  switch (chain.head ?? 'not kept') {
    case 'compared':
      return 'compared with audit.head: it reaches every stream head recorded there'
    case 'no file':
      return 'NOT compared: there is no audit.head in the data folder (removed, or the portal never wrote one for this folder): removed newest events would go unseen'
    case 'other database':
      return `NOT compared: audit.head belongs to another database (${(chain.headDatabases ?? []).join(', ') || 'unknown'}); this data folder's portal never wrote to this one`
    case 'not kept':
      return 'not compared (no data folder)'
  }
}
