// Every address routes.ts does not declare: the 404 page.
import { NotFound } from './components/not-found.tsx'

export function loader(): never {
  throw new Response(null, { status: 404, statusText: 'Not Found' })
}

export default function NotFoundPage() {
  return <NotFound />
}

export function ErrorBoundary() {
  return <NotFound />
}
