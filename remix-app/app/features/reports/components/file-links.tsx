// A list of files to download, each its name as a plain link: a decline's attachments, a section's templates, a
// message's files.
export function FileLinks({ files, className }: { files: ReadonlyArray<{ href: string; name: string }>; className?: string }) {
  return (
    <ul className={className}>
      {files.map((f) => (
        <li key={f.href}>
          <a href={f.href} download>
            {f.name}
          </a>
        </li>
      ))}
    </ul>
  )
}
