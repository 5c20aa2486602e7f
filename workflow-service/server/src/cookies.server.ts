// The server's cookie door: the session and CSRF cookies, read and written the same way by the API's login and
// the pages' login and logout (remix-app).
export { clearedSessionCookie, readCookies, sessionCookie } from './auth/session-cookies.server.ts'
