// The replay folds the log in memory (replay/replay-fold.ts) through the rows the live projection writes event by
// event. Every event type a stream can record must be folded: one it did not know once stopped `npm run replay` on any
// log with a resubmission (replay.test.ts shows that case row by row).
import { describe, expect, it } from 'vitest'
import { createReplayFold } from '../../domain/src/all-streams/replay/replay-fold.ts'
import { EVENT_DATA as DATA, EVERY_TYPE, storedEvent as event } from '../support/every-event.ts'

describe('the replay folds every event type of the log', () => {
  it.each(EVERY_TYPE)('folds %s', (type) => {
    const projection = createReplayFold()
    projection.apply(event('ReportCreated', DATA))
    projection.apply(event('FileUploaded', DATA))
    expect(() => projection.apply(event(type, DATA))).not.toThrow()
  })
})
