// 'company-gasemissions' (/companies/{id}/gasemissions): one company's greenhouse start page per year.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { companyOf } from '../server/company-card.server.ts'
import { greenhouseStartPage } from '../server/greenhouse-pages.server.ts'
import { idParam } from '../server/not-found.ts'
import { companyTabs } from '../server/tabs.server.ts'
import { GreenhouseStart } from '../components/greenhouse-start.tsx'

export async function loader({ params, context }: LoaderFunctionArgs) {
  const company = await companyOf(context, idParam(params.id))
  return greenhouseStartPage(context, company, companyTabs(company, context.user))
}

export default function CompanyGasEmissions() {
  return <GreenhouseStart {...useLoaderData<typeof loader>()} />
}
