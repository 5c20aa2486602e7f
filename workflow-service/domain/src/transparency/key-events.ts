// The event of the transparency key's stream (`transparency-key`, decision 3710): a signing key put in use, with its
// public half, so the log holds every key that ever signed a checkpoint and when each took over.
export interface SigningKeyIntroduced {
  type: 'SigningKeyIntroduced'
  data: {
    /** The raw Ed25519 public key, base64. */
    publicKey: string
    fingerprint: string
    /** The key it replaces; null for the first. */
    replaces: string | null
  }
}

export type TransparencyKeyEvent = SigningKeyIntroduced

export const TRANSPARENCY_KEY_STREAM = 'transparency-key'

export interface TransparencyKeyState {
  /** The fingerprint of the key in use; null before the first. */
  current: string | null
}
