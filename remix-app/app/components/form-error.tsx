// A form's refusal in words, read out by screen readers as soon as it shows (role="alert"); nothing without one.
export function FormError({ message, id, inline = false }: { message?: string | null; id?: string; inline?: boolean }) {
  if (!message) return null
  const Tag = inline ? 'span' : 'p'
  return (
    <Tag className="form-error" role="alert" id={id}>
      {message}
    </Tag>
  )
}
