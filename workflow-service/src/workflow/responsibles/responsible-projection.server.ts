// Read models of responsible-person streams: ecomon_responsibles (per area) and company_responsibles.
import type { Kysely } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import type { StoredEvent } from '../../event-store/event-store.server.ts'
import type { ResponsibleEvent } from './responsible-events.ts'

export async function projectResponsible(db: Kysely<Database>, event: StoredEvent & ResponsibleEvent): Promise<void> {
  const d = event.data
  const details = {
    fullname: d.fullname,
    position: d.position,
    email: d.email,
    phone: d.phone,
    labs_name: d.labsName,
    labs_contacts: d.labsContacts,
    updated: event.createdAt,
    version: event.streamVersion,
  }
  if (d.scope === 'area') {
    await db
      .insertInto('ecomon_responsibles')
      .values({ id: d.responsibleId, area_id: d.areaId!, company_id: d.companyId, year: d.year, added: event.createdAt, ...details })
      .onConflict((oc) => oc.column('id').doUpdateSet(details))
      .execute()
  } else {
    await db
      .insertInto('company_responsibles')
      .values({ id: d.responsibleId, company_id: d.companyId, year: d.year, added: event.createdAt, ...details })
      .onConflict((oc) => oc.column('id').doUpdateSet(details))
      .execute()
  }
}
