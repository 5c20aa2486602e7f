// Every background job of the portal, in one list: the queues are created from it with their retry policy.
import type { JobDefinition } from './queue/job-queue.ts'

export const jobDefinitions: JobDefinition<any>[] = []
