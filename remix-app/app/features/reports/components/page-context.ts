// What every part of the reports page needs to know: whose page, which year, who looks, and the CSRF token.
import { createContext, useContext } from 'react'

export interface ReportsPageInfo {
  companyId: number
  year: number
  role: 'holder' | 'department'
  maxUploadMb: number
  csrfToken: string
  /** Made when the page was rendered: the idempotency key of its plain upload forms. */
  formKey: string
}

export const ReportsPageContext = createContext<ReportsPageInfo | null>(null)

export function useReportsPage(): ReportsPageInfo {
  const info = useContext(ReportsPageContext)
  if (!info) throw new Error('useReportsPage outside the reports page')
  return info
}
