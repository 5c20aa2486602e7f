// The one Chromium of the browser tests: Debian's (scripts/ensure-chromium.sh), never a downloaded one.
export const CHROMIUM_PATH = '/usr/bin/chromium'

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu', '--no-first-run']
