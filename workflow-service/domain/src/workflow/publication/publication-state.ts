// A report's publication as its stream tells it: the files last recorded public, or the reason it last failed.
import type { PublishedFileRecord } from './publication-events.ts'

export interface PublicationState {
  files: PublishedFileRecord[] | null
  failed: string | null
}

export const initialPublicationState = (): PublicationState => ({ files: null, failed: null })
