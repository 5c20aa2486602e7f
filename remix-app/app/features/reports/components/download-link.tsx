// A file that downloads by a click; one that cannot be downloaded opens the modal 'Ошибка' instead of a broken page.
import { type MouseEvent, useState } from 'react'
import { ModalDialog } from '../../../components/modal-dialog.tsx'
import { canDownload } from './workflow-api.ts'
import { cannotDownload } from './report-texts.ts'

export function DownloadLink({ href, description, children }: { href: string; description: string; children?: React.ReactNode }) {
  const [failed, setFailed] = useState(false)
  async function click(event: MouseEvent<HTMLAnchorElement>) {
    // Without JavaScript the link is an ordinary download; with it, the file is asked for first.
    event.preventDefault()
    if (await canDownload(href)) window.location.assign(href)
    else setFailed(true)
  }
  return (
    <>
      <a href={href} download onClick={click} className="file-link">
        {children ?? description}
      </a>
      <ModalDialog open={failed} title="Ошибка" onClose={() => setFailed(false)}>
        <p>{cannotDownload(description)}</p>
      </ModalDialog>
    </>
  )
}
