// The one way a workflow command runs: load the stream and the facts, fold, decide, then append with the expected
// version, update every projection, write the notices and enqueue the jobs, all in one transaction. It is handed what
// it does with the events instead of importing it: the rows by the stream's decider (its event table), the notices by
// the command's context (the composition root's notice writer), so it imports neither every stream's table nor the
// notifications.
import type { Transaction } from 'kysely'
import type { Database } from '@portal/migrations/database.ts'
import { appendToStream, type EventMetadata, readRowStreamForAppend, readStreamForAppend, type StoredEvent, type StreamEvent } from '../event-store/event-store.server.ts'
import { reportEventsAppended } from '../ports/appended-events.ts'
import type { JobPayloads } from '../ports/jobs.ts'
import type { KnownReport } from '../ports/notice-writer.ts'
import { type CommandContext, inTransaction, metadataOf } from './command-context.server.ts'
import { projectEvents } from './projections.server.ts'
import type { Decider } from './decider.ts'
import { CommandRefused, isRefusal, type Refusal } from './refusal.ts'

/** A job the command's events call for, enqueued in the command's transaction. */
export type JobRequest = { [N in keyof JobPayloads]: { name: N; data: JobPayloads[N]; key?: string } }[keyof JobPayloads]

/**
 * The stream named by a row the command knows by its key (a report by its id), read with the stream in one statement
 * (readRowStreamForAppend, decision 3820): `row` is the row's SELECT (FOR UPDATE to lock it), and `found` answers
 * the stream's id from the row, or the refusal of a missing one (a value, rolled back like a decision's).
 */
export interface NamedStream<R extends { stream_id: string }> {
  row: string
  /** The row's one parameter ($1); none when the row takes none. */
  key?: unknown
  found(row: R | null): string | Refusal
}

export interface CommandRun<S, C, E extends { type: string }, F> {
  decider: Decider<S, C, E, F>
  /** The stream's id, or the row that names it. */
  streamId: string | NamedStream<{ stream_id: string }>
  /** The command, or a function answering it once the stream is read (a command that names what `found` learnt). */
  command: C | (() => C)
  /** The facts the rules need, read in the command's transaction after the append lock (so they cannot move). */
  facts: (trx: Transaction<Database>, state: S) => Promise<F> | F
  /** The jobs the recorded events call for. */
  jobs?: (events: E[], state: S) => JobRequest[]
  /** Who the events are recorded for; default the context's actor, address and request. */
  metadata?: EventMetadata
  /**
   * What the command read under its lock of the rows its projection and notices read (a decision's report, with its
   * stream, and its live files, with its facts): they take it instead of reading it again (decision 3820).
   */
  known?: () => KnownRows | undefined
}

/** A report as a command read it under its lock, and the files of it not on their way out (in id order), if read. */
export interface KnownRows {
  report: KnownReport
  liveFilesOfReport?: Array<{ id: number; name: string }>
}

/** The stream's own events, typed by the decider's table (a type it does not know in the stream is a broken log). */
function eventsOf<S, C, E extends { type: string }, F>(decider: Decider<S, C, E, F>, streamId: string, stored: StreamEvent[]): E[] {
  return stored.map((event) => {
    if (!Object.hasOwn(decider.table, event.type)) throw new Error(`stream ${streamId} holds an event of type ${event.type}`)
    return { type: event.type, data: event.data } as unknown as E
  })
}

export function fold<S, C, E extends { type: string }, F>(decider: Decider<S, C, E, F>, events: readonly E[]): S {
  return events.reduce(decider.evolve, decider.initialState())
}

/**
 * A stream read for an append, in the transaction that will append: its state folded through the decider, the
 * version to expect, and the head to hand to appendToStream (the barrier is taken with the read).
 */
export async function loadStream<S, C, E extends { type: string }, F>(trx: Transaction<Database>, decider: Decider<S, C, E, F>, streamId: string) {
  const { events: stored, head } = await readStreamForAppend(trx, streamId)
  const state = fold(decider, eventsOf(decider, streamId, stored))
  const version = stored.length === 0 ? 0 : stored[stored.length - 1].streamVersion
  return { state, version, head }
}

/** loadStream of the stream a row names, the row read (and locked) with it; answers the stream's id too. */
async function loadNamedStream<S, C, E extends { type: string }, F, R extends { stream_id: string }>(trx: Transaction<Database>, decider: Decider<S, C, E, F>, named: NamedStream<R>) {
  const { row, events: stored, head } = await readRowStreamForAppend<R>(trx, named.row, named.key)
  const streamId = named.found(row)
  if (isRefusal(streamId)) return streamId
  const state = fold(decider, eventsOf(decider, streamId, stored))
  const version = stored.length === 0 ? 0 : stored[stored.length - 1].streamVersion
  return { streamId, state, version, head }
}

/** A refusal inside the command's transaction rolls it back: thrown as CommandRefused, answered by the caller as the value it was. */
function rollBackIf<T>(outcome: T | Refusal): T {
  if (isRefusal(outcome)) throw new CommandRefused(outcome)
  return outcome
}

/** Runs one command on one stream; a refusal rolls the transaction back and is thrown as CommandRefused. */
export async function handleCommand<S, C, E extends { type: string; data: object }, F>(
  context: CommandContext,
  run: CommandRun<S, C, E, F>,
): Promise<{ state: S; events: E[]; stored: StoredEvent[] }> {
  return inTransaction(context.db, async (trx) => {
    // Every append takes the barrier; taking it first (with the stream, in one round trip) makes the facts read below
    // stand until the commit.
    const { streamId, state, version, head } = rollBackIf(
      typeof run.streamId === 'string' ? { streamId: run.streamId, ...(await loadStream(trx, run.decider, run.streamId)) } : await loadNamedStream(trx, run.decider, run.streamId),
    )
    const facts = await run.facts(trx, state)
    const command = typeof run.command === 'function' ? (run.command as () => C)() : run.command
    const decision = rollBackIf(run.decider.decide(state, command, facts))
    const appended = await appendToStream(trx, streamId, version, decision, run.metadata ?? metadataOf(context), context.now, head)
    reportEventsAppended(appended.length)
    const known = run.known?.()
    const report = known?.report
    await projectEvents(trx, run.decider.table, appended, known && { report: { id: known.report.id, company_id: known.report.company_id }, liveFilesOfReport: known.liveFilesOfReport })
    // The people concerned are told in the same transaction, with their letters' jobs: no status change without its
    // notice, none without one.
    await context.notices(trx, appended, { queue: context.queue, requestId: context.requestId, report })
    const after = decision.reduce(run.decider.evolve, state)
    // The job carries the request id, so the worker's log lines and events can be followed back to the request.
    for (const job of run.jobs?.(decision, after) ?? []) await context.queue.send(job.name, { ...job.data, requestId: context.requestId }, { trx, key: job.key })
    return { state: after, events: decision, stored: appended }
  })
}
