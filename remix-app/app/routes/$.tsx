// Any unknown path under /monitoring/ (and /404): the not-found page with status 404.
import { NotFound } from '../components/not-found.tsx'

export const loader = () => {
  throw new Response(null, { status: 404, statusText: 'Not Found' })
}

export default function CatchAll() {
  return <NotFound />
}

export function ErrorBoundary() {
  return <NotFound />
}
