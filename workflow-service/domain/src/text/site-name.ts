// The portal's name as the browser's tab, the header and every title say it: declared once for pages and the service.
export const SITE_TITLE = 'Экологический мониторинг ЯНАО'
