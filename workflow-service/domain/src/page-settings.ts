// What pages may know of the configuration: the settings a page shows or obeys. The configuration itself (the
// addresses of the databases, the session secret) stays with the server; pages get this through their load context.
export interface PageSettings {
  /** The map's tile address, which the browser asks for its tiles. */
  mapTilesUrl: string
  /** The largest file a page form takes, in MB: shown beside the upload and said in its refusal. */
  maxUploadMb: number
}

/** The page settings of a configuration (the server's `Config` has these fields among its others). */
export function pageSettingsOf(config: PageSettings): PageSettings {
  return { mapTilesUrl: config.mapTilesUrl, maxUploadMb: config.maxUploadMb }
}
