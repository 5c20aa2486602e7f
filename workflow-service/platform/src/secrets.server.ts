// The platform's secrets door: a secret read from a file (a mounted secret) or the environment.
export { secretFromFile } from './secrets/secret-file.server.ts'
