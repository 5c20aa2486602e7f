// The platform's log door: the logger and the job context its lines carry.
export { currentJobContext, requestIdOf, runInJobContext } from './logs/job-context.ts'
export { createLogger } from './logs/logger.ts'
