// «Откуда это значение»: where a public reading comes from — the company, report, file and row that published it and
// the Department's agreement with its log entry number and fingerprint, or the catalogue's own data under its
// baseline (decision 3310). The same answer as GET /api/v1/measures-point-indications/{id}/source/.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { idParam } from '../server/not-found.ts'
import { PageHead } from '../../../components/page-head.tsx'
import { readValue } from '../../../utils/use-case-answers.server.ts'
import { regionDateTime as formatDateTime } from '@portal/workflow-domain/views.ts'

export async function loader({ params, context }: LoaderFunctionArgs) {
  const source = await context.catalogue.readingSource(context.useCaseContext, { id: idParam(params.id) }).then(readValue)
  return { title: 'Откуда это значение', source }
}

export default function ReadingSourcePage() {
  const { title, source } = useLoaderData<typeof loader>()
  const { reading, publication, baseline } = source
  const crumbs = [{ title: 'Показания пункта', to: `/measures-points/${reading.pointId}/indications` }]
  return (
    <section className="reading-source">
      <PageHead title={title} crumbs={crumbs} />
      <p>
        {reading.name}: <strong>{reading.value} {reading.measure}</strong>
        {reading.sampled ? `, отбор ${reading.sampled.split('-').reverse().join('.')}` : ''}
      </p>
      {publication ? (
        <dl className="source-facts">
          <dt>Предприятие</dt>
          <dd>
            <Link to={`/companies/${publication.company.id}`}>{publication.company.name}</Link>
          </dd>
          <dt>Отчёт</dt>
          <dd>
            {publication.report.title} за {publication.report.year} год
            {publication.report.area ? (
              <>
                {' '}(<Link to={`/areas/${publication.report.area.id}`}>{publication.report.area.name}</Link>)
              </>
            ) : null}
          </dd>
          <dt>Файл</dt>
          <dd>
            {publication.file.name}
            {publication.row !== null ? `, строка ${publication.row}` : ''}
            {publication.file.sha256 ? <span className="fingerprint"> (SHA-256 {publication.file.sha256})</span> : null}
          </dd>
          <dt>Согласование Департамента</dt>
          <dd>
            {publication.agreement ? (
              <>
                {formatDateTime(publication.agreement.at)}, запись журнала № {publication.agreement.position}, отпечаток{' '}
                <code className="fingerprint">{publication.agreement.fingerprint}</code>
              </>
            ) : (
              'не найдено'
            )}
          </dd>
        </dl>
      ) : (
        <p>
          Собственные данные каталога, записанные при его заполнении
          {baseline ? (
            <>
              {' '}
              ({formatDateTime(baseline.at)}, запись журнала № {baseline.position}, отпечаток <code className="fingerprint">{baseline.fingerprint}</code>)
            </>
          ) : null}
          : они не пришли из отчёта недропользователя.
        </p>
      )}
      <p className="hint">
        Запись журнала и её отпечаток позволяют проверить значение по журналу событий портала: проверка сверяет каждое опубликованное значение с
        записью о его публикации.
      </p>
    </section>
  )
}
