// Usernames that could pass for another account (issue 22 item 12): a name mixing scripts (`dеpartment` with a
// Cyrillic е), or one that is drawn like an existing name in another script (`сору` and `copy`), in full-width
// letters (`ｄｅｐａｒｔｍｅｎｔ`) or with a digit for a letter (`c0py`). Pure functions; users.server.ts applies them.

const SCRIPTS = ['Latin', 'Cyrillic', 'Greek'] as const
const SCRIPT_TESTS = SCRIPTS.map((script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')] as const)

/** The scripts of a name's letters (digits and `._@+-` belong to none); a letter of any other script counts as its own. */
export function scriptsOf(name: string): Set<string> {
  const found = new Set<string>()
  for (const char of name) {
    if (!/\p{L}/u.test(char)) continue
    found.add(SCRIPT_TESTS.find(([, test]) => test.test(char))?.[0] ?? 'other')
  }
  return found
}

/**
 * Letters drawn like a Latin letter, in either case (Unicode's confusables for the scripts a Russian portal meets:
 * Cyrillic and Greek; only the letters drawn alike in ordinary type, so `петров` never passes for `petrov`), and the
 * digits drawn like letters. A small table rather than a dependency: it is the part of
 * UTS #39 these names need, and a test shows each family refused.
 */
const LOOKS_LIKE: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', һ: 'h', ԛ: 'q', ԝ: 'w', ӏ: 'l',
  А: 'a', В: 'b', Е: 'e', Ё: 'e', К: 'k', М: 'm', Н: 'h', О: 'o', Р: 'p', С: 'c', Т: 't', У: 'y', Х: 'x', І: 'l', Ї: 'i', Ј: 'j', Ѕ: 's', Ԁ: 'd', Һ: 'h', Ԛ: 'q', Ԝ: 'w', Ӏ: 'l', З: '3',
  // Greek
  α: 'a', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', υ: 'u', χ: 'x',
  Α: 'a', Β: 'b', Ε: 'e', Ζ: 'z', Η: 'h', Ι: 'l', Κ: 'k', Μ: 'm', Ν: 'n', Ο: 'o', Ρ: 'p', Τ: 't', Υ: 'y', Χ: 'x',
  // Latin and digits that pass for each other
  I: 'l', '0': 'o', '1': 'l',
}

/** What a name looks like: compatibility forms folded (full-width letters), look-alikes mapped, then lower case. */
export function skeletonOf(name: string): string {
  let out = ''
  for (const char of name.normalize('NFKC')) out += LOOKS_LIKE[char] ?? char
  return out.toLowerCase()
}

/** The reason a new username is refused by its letters alone, or null. */
export function mixedScriptsRefusal(name: string): string | null {
  const scripts = scriptsOf(name)
  if (scripts.size > 1 || scripts.has('other')) return 'Логин: буквы одного алфавита — латиница или кириллица, без смешения'
  return null
}

/** The existing name the new one would pass for (another name with the same skeleton), or undefined. */
export function lookAlikeOf(name: string, existing: readonly string[]): string | undefined {
  const skeleton = skeletonOf(name)
  return existing.find((other) => other.toLowerCase() !== name.toLowerCase() && skeletonOf(other) === skeleton)
}
