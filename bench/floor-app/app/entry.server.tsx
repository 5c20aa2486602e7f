// The portal's own server entry (streamed rendering, the zero-byte filter, its error handling): the floor renders
// exactly as the portal's pages do.
export { default, handleError } from '../../../remix-app/app/entry.server.tsx'
