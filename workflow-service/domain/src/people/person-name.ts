// How a person who did something is named on pages, receipts and exports: the account's full name with the role it
// acted in («Иванова Мария Петровна (Департамент)»), the login only for an account that has no name yet (decision 2670).
/** The words of the roles an event's metadata records besides the groups (background work, the public). */
const ROLE_WORDS: Record<string, string> = { system: 'система', public: 'посетитель' }

/** The full name, or the login of an account without one. */
export function personName(fullName: string | null | undefined, username: string): string {
  const name = fullName?.trim()
  return name ? name : username
}

/** The role in words: a group as it is, background work as «система». */
export function roleWord(role: string | null | undefined): string {
  return role ? (ROLE_WORDS[role] ?? role) : ''
}

/** «Имя (роль)», or the name alone when the role is not known. */
export function personWithRole(name: string, role: string | null | undefined): string {
  const word = roleWord(role)
  return word ? `${name} (${word})` : name
}
