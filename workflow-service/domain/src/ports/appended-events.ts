// The domain's port to the server's metrics: the command pipeline says how many events it appended and whatever
// counts them listens here (observability/metrics.server.ts), so the domain imports no metrics library and no
// server module.
type AppendedEventsListener = (count: number) => void

const listeners: AppendedEventsListener[] = []

/** Called with the number of events of every append of this process, from now on. */
export function onEventsAppended(listener: AppendedEventsListener): void {
  listeners.push(listener)
}

export function reportEventsAppended(count: number): void {
  for (const listener of listeners) listener(count)
}
