// An address under /monitoring/ refused before any page runs (the input guard: a control character, half of a UTF-16
// pair): a person's browser gets the portal's Russian error page for it, a program the JSON refusal it can read.
import { SITE_TITLE } from '@portal/workflow-domain/views.ts'
import { BASE_PATH } from './base-path.ts'

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c])

/**
 * Whether a refused request is a person opening a page: a GET of an address under /monitoring/ asking for HTML.
 * Remix's single fetches (`.data`) and clients asking JSON are programs.
 */
export function wantsPage(method: string, url: string, accept: string | undefined): boolean {
  const path = url.split('?')[0]
  if (method !== 'GET' && method !== 'HEAD') return false
  if (path !== BASE_PATH && !path.startsWith(`${BASE_PATH}/`)) return false
  return !path.endsWith('.data') && (accept ?? '').includes('text/html')
}

/**
 * The page for a refused address: the error page's heading and way home, and the reason in words. The parameter's
 * name is not shown (a person never typed it), the JSON answer keeps it for programs.
 */
export function refusedAddressPage(reason: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="ru">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Ошибка — ${SITE_TITLE}</title></head>`,
    '<body><main class="error-page">',
    '<h1>Ошибка</h1>',
    `<p>В адресе страницы ${escapeHtml(reason)}.</p>`,
    `<p class="error-page__actions"><a class="button" href="${BASE_PATH}/">Вернуться на главную</a></p>`,
    '</main></body>',
    '</html>',
  ].join('\n')
}
