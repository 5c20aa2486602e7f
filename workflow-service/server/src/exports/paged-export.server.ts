// Exports of the lists that are not catalogue tables (reports, files, status changes, history, control indicators):
// every row of the list's own query, read a page of 1 000 at a time through the same function that answers its JSON
// pages, so the file holds exactly what paging to the end would show. These lists are one company's or one point's:
// short enough that page-by-page reading needs no cursor.
import type { Cell, WriteRows } from '@portal/workflow-domain/views.ts'

export interface Column<Row> {
  header: string
  cell: (row: Row) => Cell
}

export const EXPORT_PAGE = 1000

export function pagedExport<Row>(columns: ReadonlyArray<Column<Row>>, page: (limit: number, offset: number) => Promise<{ results: Row[]; count: number }>) {
  return {
    headers: columns.map((c) => c.header),
    produce: async (write: WriteRows) => {
      for (let offset = 0; ; offset += EXPORT_PAGE) {
        const { results } = await page(EXPORT_PAGE, offset)
        if (results.length > 0) await write(results.map((row) => columns.map((c) => c.cell(row))))
        if (results.length < EXPORT_PAGE) return
      }
    },
  }
}

/**
 * A use-case's pages for an export, the first one read before the answer starts: a refusal (no target named, not
 * allowed) is then still answered as its 400/403/404 instead of breaking a file already on its way.
 */
export async function firstPageRead<Row>(page: (limit: number, offset: number) => Promise<{ results: Row[]; count: number }>) {
  const first = await page(EXPORT_PAGE, 0)
  return (limit: number, offset: number) => (limit === EXPORT_PAGE && offset === 0 ? Promise.resolve(first) : page(limit, offset))
}
