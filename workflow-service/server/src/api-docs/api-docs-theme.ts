// The API page as the portal's own: its title, Russian language, a bar with the way back to the portal in place of
// Swagger's top bar, and a layout that fits a phone. Swagger UI sets none of this and has no translations of its own
// labels, so what it allows is added here as a script and a stylesheet served beside its files.
export const API_DOCS_TITLE = 'API портала — Экологический мониторинг ЯНАО'

/** The portal's start page, where the bar's link leads (pages live under /monitoring/). */
const PORTAL_HOME = '/monitoring/'

// Runs at the end of <body>: the page's HTML of the package has no viewport, no language and no way back.
const script = `(function () {
  var meta = document.createElement('meta');
  meta.name = 'viewport';
  meta.content = 'width=device-width, initial-scale=1';
  document.head.appendChild(meta);
  document.documentElement.lang = 'ru';
  var bar = document.createElement('header');
  bar.className = 'portal-bar';
  var back = document.createElement('a');
  back.href = ${JSON.stringify(PORTAL_HOME)};
  back.textContent = '← На портал «Экологический мониторинг ЯНАО»';
  var name = document.createElement('span');
  name.textContent = 'Описание API';
  bar.appendChild(back);
  bar.appendChild(name);
  document.body.insertBefore(bar, document.body.firstChild);
})();
`

const css = `
body { margin: 0; }
.portal-bar { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: center; justify-content: space-between;
  padding: 0.75rem 1rem; background: #0b5c8c; color: #fff; font: 600 16px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
.portal-bar a { color: #fff; }
.portal-bar a:focus-visible { outline: 3px solid #f0a202; outline-offset: 2px; }
/* Swagger's own bar offers to explore other documents and shows its logo: the portal's bar replaces it. */
.swagger-ui .topbar { display: none; }
@media (max-width: 600px) {
  .swagger-ui .wrapper { padding: 0 8px; }
  .swagger-ui .information-container .info { margin: 16px 0; }
  .swagger-ui .info .title { font-size: 24px; }
  .swagger-ui .scheme-container { padding: 12px 0; }
  .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
  .swagger-ui .opblock .opblock-summary-path { flex: 1 1 100%; max-width: 100%; word-break: break-all; }
  .swagger-ui .opblock .opblock-summary-description { flex: 1 1 100%; word-break: break-word; }
  .swagger-ui .opblock-tag { flex-wrap: wrap; font-size: 18px; }
  .swagger-ui .opblock-tag small { flex: 1 1 100%; padding: 0; }
  .swagger-ui .parameters-col_description { width: auto; }
  .swagger-ui .table-container, .swagger-ui .responses-inner { overflow-x: auto; }
  .swagger-ui .model-box { max-width: 100%; overflow-x: auto; }
}
`

/** The theme of @fastify/swagger-ui: the title, the script and the stylesheet. */
export const apiDocsTheme = {
  title: API_DOCS_TITLE,
  js: [{ filename: 'portal.js', content: script }],
  css: [{ filename: 'portal.css', content: css }],
}
