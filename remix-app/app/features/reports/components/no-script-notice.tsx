// Without JavaScript the reports page still shows the reports, files, statuses and history, switches the year
// (a GET form) and downloads files; what needs JavaScript (uploading with progress, the dialogs of the responsible
// person and of decisions, deleting a file) is said once at the top and its controls are not offered at all,
// rather than shown as buttons that do nothing.
export function NoScriptNotice({ role }: { role: string }) {
  const needs = role === 'department' ? 'решения по отчётам (согласовать, отклонить, отменить решение) и просмотр ответственного лица' : 'загрузка и удаление файлов и внесение ответственного лица'
  return (
    <noscript>
      <p className="no-script-notice" role="note">
        Для этих действий нужен JavaScript: {needs}. Включите JavaScript в браузере. Без него можно смотреть отчёты,
        файлы, их статусы и историю, выбирать год и скачивать файлы.
      </p>
      {/* style-src allows inline styles; the controls below need JavaScript to do anything. */}
      <style>{'.reports-page .decision-buttons, .reports-page .upload, .reports-page .link-button.danger, .reports-page .button-secondary { display: none !important; } .reports-page .status-button { pointer-events: none; }'}</style>
    </noscript>
  )
}
