// docs/spec-items.json, the spec's items the coverage and constants tests compare the project with. The spec documents
// are not part of the repository: where SPEC_DIR names their folder, the file must be what `npm run spec:items` makes
// from them now, so an edit of the spec still fails a test; where it names none, the test says so in its name and the
// other tests run on the committed file alone.
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SPEC_DOCUMENTS, SPEC_ITEMS_FILE, specDocumentsAt, specFolder, specItems, specItemsText } from '../../scripts/spec-items.ts'

const folder = specFolder()

describe('the spec items file', () => {
  it(
    folder
      ? `is what npm run spec:items makes from the spec documents in SPEC_DIR (${folder}) now`
      : 'matches the spec documents (SPEC_DIR names no spec folder: nothing to compare)',
    () => {
      if (!folder) {
        // Nothing to compare with: the test only makes sure no folder was meant.
        expect(process.env.SPEC_DIR ?? '').toBe('')
        return
      }
      expect(specDocumentsAt(folder), `SPEC_DIR names ${folder}, which lacks some of ${SPEC_DOCUMENTS.join(', ')}`).toBe(true)
      expect(fs.readFileSync(SPEC_ITEMS_FILE, 'utf8'), 'docs/spec-items.json is stale: run npm run spec:items').toBe(specItemsText(folder))
    },
  )

  it('holds every kind of item of both documents, and no name that is not a spec document', () => {
    for (const name of SPEC_DOCUMENTS) {
      const items = specItems(name)
      for (const kind of ['addresses', 'routeNames', 'fieldItems', 'roleRules', 'endpoints', 'endpointParameters', 'constants', 'quotedTexts', 'unquotedWords'] as const) {
        expect(items[kind].length, `${name}: ${kind}`).toBeGreaterThan(0)
      }
    }
    expect(specItems('catalogue.md').pointListHeadings.length).toBe(6)
    expect(() => specItems('__proto__')).toThrow('no spec document __proto__')
    expect(() => specItems('../catalogue.md')).toThrow()
  })
})
