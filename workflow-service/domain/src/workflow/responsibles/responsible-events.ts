// The events of a responsible-person stream: one stream per area (or company) and year.
export interface ResponsibleDetails {
  fullname: string
  position: string
  email: string
  phone: string
  labsName: string | null
  labsContacts: string | null
}

export interface ResponsibleSaved {
  type: 'ResponsibleSaved'
  data: ResponsibleDetails & {
    responsibleId: number
    /** 'area': an ecomon responsible of a licence area; 'company': a company responsible. */
    scope: 'area' | 'company'
    areaId: number | null
    companyId: number
    year: number
  }
}

export type ResponsibleEvent = ResponsibleSaved

export function responsibleStreamId(scope: 'area' | 'company', targetId: number, year: number): string {
  return scope === 'area' ? `ecomon-responsible-${targetId}-${year}` : `company-responsible-${targetId}-${year}`
}
