// The other packages' parts a service test composes an app from: the queue, the report templates and the file checks
// of the composition root, the workers' mail sender. The service's tests take them from here, never from the packages
// that stand above the service (import-directions.test.ts).
export { createQueue } from '@portal/workers/workers.server.ts'
export { mailSendJob, sendDueMail } from '@portal/workers/workers.server.ts'
export { filePrechecks, reportTemplateFiles, seedPortal } from '../portal/src/composition.server.ts'
