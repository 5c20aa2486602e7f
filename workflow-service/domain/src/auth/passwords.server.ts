// Password hashing with argon2id (@node-rs/argon2) at the OWASP-recommended cost; verification never throws.
import { hash, verify } from '@node-rs/argon2'

// Algorithm.Argon2id is a const enum, which isolatedModules cannot inline.
const ARGON2ID = 2
/** OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane (about 30 ms here). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

// Unknown users are checked against this hash too, so the answer time does not tell which usernames exist.
let decoy: Promise<string> | undefined

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoy ??= hashPassword('decoy password that matches nothing')
    await verify(await decoy, password).catch(() => false)
    return false
  }
  return verify(passwordHash, password).catch(() => false)
}
