// Debian's Chromium as the browser tests and bench:web start it (no imports: the bench loads it outside vitest).
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** Chromium's flags here: headless as root, and no calls to Google's hosts (this machine's network is closed). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
