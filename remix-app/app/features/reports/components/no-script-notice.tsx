// Without JavaScript the reports page still works: plain forms upload files, save the responsible person and take the
// Department's decisions (components/no-script-forms.tsx), the year switches (a GET form) and files download. What
// still needs JavaScript is said once at the top, and its controls (the dialogs' buttons, deleting a file, the
// progress bars) are not offered, rather than shown as buttons that do nothing.
export function NoScriptNotice({ role }: { role: string }) {
  const needs = role === 'department' ? 'просмотр решения в окне «Статус отчёта» и автоматическое обновление статусов файлов' : 'удаление файлов, ход загрузки и автоматическое обновление статусов файлов (обновите страницу)'
  return (
    <noscript>
      <p className="no-script-notice" role="note">
        Без JavaScript недоступны: {needs}. Загрузка файлов, ответственное лицо{role === 'department' ? ' и решения по отчётам' : ''} работают
        обычными формами.
      </p>
      {/* style-src allows inline styles; the controls below open dialogs, which need JavaScript. */}
      <style>{'.reports-page .decision-buttons, .reports-page .upload, .reports-page .link-button.danger, .reports-page .button-secondary:not(.copy-responsible .button-secondary) { display: none !important; } .reports-page .status-button { pointer-events: none; }'}</style>
    </noscript>
  )
}
