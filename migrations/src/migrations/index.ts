// Every migration in the order it runs. A new migration is a new file plus one line here; applied ones are frozen.
import type { Migration } from 'kysely'
import * as coreCatalogue from './2026-11-21-0001-core-catalogue.ts'
import * as usersAndSessions from './2026-11-21-0201-users-and-sessions.ts'
import * as eventStore from './2026-11-21-0301-event-store.ts'
import * as workflowProjections from './2026-11-21-0302-workflow-projections.ts'
import * as m0401FileImportStaging from './2026-11-21-0401-file-import-staging.ts'
import * as m0101CatalogueTypes from './2026-11-21-0101-catalogue-types.ts'
import * as m0102ObservationsAndLegacyIndicators from './2026-11-21-0102-observations-and-legacy-indicators.ts'
import * as m0601IndicationsListOrder from './2026-11-21-0601-indications-list-order.ts'
import * as m1501KeyedStreamChains from './2026-11-23-1501-keyed-stream-chains.ts'
import * as m1502QueueSchema from './2026-11-23-1502-queue-schema.ts'
import * as m1601NoCascadeFromCatalogueRecords from './2026-11-23-1601-no-cascade-from-catalogue-records.ts'
import * as m1701PublicChangeNotify from './2026-11-23-1701-public-change-notify.ts'
import * as m1901ReadingsDatesAndPointBoxes from './2026-11-23-1901-readings-dates-and-point-boxes.ts'
import * as m1902NotificationsAndMailOutbox from './2026-11-23-1902-notifications-and-mail-outbox.ts'
import * as m1101ReportRounds from './2026-11-23-1101-report-rounds.ts'
import * as m1210LoginThrottle from './2026-11-23-1210-login-throttle.ts'
import * as m1211UploadIdempotency from './2026-11-23-1211-upload-idempotency.ts'
import * as m1410ReferenceData from './2026-11-23-1410-reference-data.ts'
import * as m1910SiteSearch from './2026-11-23-1910-site-search.ts'
import * as m1911MailOutboxSkipped from './2026-11-23-1911-mail-outbox-skipped.ts'
import * as m1120CatalogueSpecFields from './2026-11-23-1120-catalogue-spec-fields.ts'
import * as m2020WorkflowTablesTellNoCache from './2026-11-23-2020-workflow-tables-tell-no-cache.ts'
import * as m1220EventLogIdentity from './2026-11-24-1220-event-log-identity.ts'
import * as m2110EventPositionsFromTheDatabase from './2026-11-24-2110-event-positions-from-the-database.ts'
import * as m2120NaturalKeys from './2026-11-24-2120-natural-keys.ts'
import * as m2222NotificationsOfACompany from './2026-11-25-2222-notifications-of-a-company.ts'
import * as m2610DepartmentNotifications from './2026-11-25-2610-department-notifications.ts'
import * as m2450NotificationTopics from './2026-11-26-2450-notification-topics.ts'
import * as m2620SearchTextEverywhere from './2026-11-25-2620-search-text-everywhere.ts'
import * as m2224MailConfirmations from './2026-11-26-2224-mail-confirmations.ts'
import * as m2670PeopleNamesAndAddresses from './2026-11-27-2670-people-names-and-addresses.ts'
import * as m2686ReferenceEntriesRetired from './2026-11-27-2686-reference-entries-retired.ts'
import * as m3310PublicRecordUnderTheLog from './2026-12-01-3310-public-record-under-the-log.ts'
import * as m3350HistoryShowsCancellations from './2026-12-01-3350-history-shows-cancellations.ts'
import * as m3351PublishedRowIds from './2026-12-01-3351-published-row-ids.ts'
import * as m3701SensorThingsIndexes from './2026-12-01-3701-sensor-things-indexes.ts'
import * as m3601ReportDueDates from './2026-12-01-3601-report-due-dates.ts'
import * as m3710SignedCheckpoints from './2026-12-02-3710-signed-checkpoints.ts'
import * as m3415SubstanceLimitSource from './2026-12-02-3415-substance-limit-source.ts'
import * as m3507ConfirmationsByAccount from './2026-12-02-3507-confirmations-by-account.ts'
import * as m3603DueNotices from './2026-12-02-3603-due-notices.ts'
import * as m3416ConvertPublishedReadings from './2026-12-02-3416-convert-published-readings.ts'
import * as m3608ReferenceSubstancesShownWithLimits from './2026-12-02-3608-reference-substances-shown-with-limits.ts'
import * as m3711ReportMessages from './2026-12-02-3711-report-messages.ts'
import * as m3714ReportRoundReadings from './2026-12-02-3714-report-round-readings.ts'
import * as m3813RowCountsKept from './2026-12-03-3813-row-counts-kept.ts'

export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-core-catalogue': coreCatalogue,
  '2026-11-21-0201-users-and-sessions': usersAndSessions,
  '2026-11-21-0301-event-store': eventStore,
  '2026-11-21-0302-workflow-projections': workflowProjections,
  '2026-11-21-0401-file-import-staging': m0401FileImportStaging,
  '2026-11-21-0101-catalogue-types': m0101CatalogueTypes,
  '2026-11-21-0102-observations-and-legacy-indicators': m0102ObservationsAndLegacyIndicators,
  '2026-11-21-0601-indications-list-order': m0601IndicationsListOrder,
  '2026-11-23-1501-keyed-stream-chains': m1501KeyedStreamChains,
  '2026-11-23-1502-queue-schema': m1502QueueSchema,
  '2026-11-23-1601-no-cascade-from-catalogue-records': m1601NoCascadeFromCatalogueRecords,
  '2026-11-23-1701-public-change-notify': m1701PublicChangeNotify,
  '2026-11-23-1901-readings-dates-and-point-boxes': m1901ReadingsDatesAndPointBoxes,
  '2026-11-23-1902-notifications-and-mail-outbox': m1902NotificationsAndMailOutbox,
  '2026-11-23-1101-report-rounds': m1101ReportRounds,
  '2026-11-23-1210-login-throttle': m1210LoginThrottle,
  '2026-11-23-1211-upload-idempotency': m1211UploadIdempotency,
  '2026-11-23-1410-reference-data': m1410ReferenceData,
  '2026-11-23-1910-site-search': m1910SiteSearch,
  '2026-11-23-1911-mail-outbox-skipped': m1911MailOutboxSkipped,
  '2026-11-23-1120-catalogue-spec-fields': m1120CatalogueSpecFields,
  '2026-11-23-2020-workflow-tables-tell-no-cache': m2020WorkflowTablesTellNoCache,
  '2026-11-24-1220-event-log-identity': m1220EventLogIdentity,
  '2026-11-24-2110-event-positions-from-the-database': m2110EventPositionsFromTheDatabase,
  '2026-11-24-2120-natural-keys': m2120NaturalKeys,
  '2026-11-25-2222-notifications-of-a-company': m2222NotificationsOfACompany,
  '2026-11-25-2610-department-notifications': m2610DepartmentNotifications,
  '2026-11-25-2620-search-text-everywhere': m2620SearchTextEverywhere,
  '2026-11-26-2224-mail-confirmations': m2224MailConfirmations,
  '2026-11-26-2450-notification-topics': m2450NotificationTopics,
  '2026-11-27-2670-people-names-and-addresses': m2670PeopleNamesAndAddresses,
  '2026-11-27-2686-reference-entries-retired': m2686ReferenceEntriesRetired,
  '2026-12-01-3310-public-record-under-the-log': m3310PublicRecordUnderTheLog,
  '2026-12-01-3350-history-shows-cancellations': m3350HistoryShowsCancellations,
  '2026-12-01-3351-published-row-ids': m3351PublishedRowIds,
  '2026-12-01-3701-sensor-things-indexes': m3701SensorThingsIndexes,
  '2026-12-01-3601-report-due-dates': m3601ReportDueDates,
  '2026-12-02-3710-signed-checkpoints': m3710SignedCheckpoints,
  '2026-12-02-3415-substance-limit-source': m3415SubstanceLimitSource,
  '2026-12-02-3507-confirmations-by-account': m3507ConfirmationsByAccount,
  '2026-12-02-3603-due-notices': m3603DueNotices,
  '2026-12-02-3416-convert-published-readings': m3416ConvertPublishedReadings,
  '2026-12-02-3608-reference-substances-shown-with-limits': m3608ReferenceSubstancesShownWithLimits,
  '2026-12-02-3711-report-messages': m3711ReportMessages,
  '2026-12-02-3714-report-round-readings': m3714ReportRoundReadings,
  '2026-12-03-3813-row-counts-kept': m3813RowCountsKept,
}
