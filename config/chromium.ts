/**
 * How every Chromium of this project starts: Debian's build (npm tools cannot
 * download browsers here), headless, and with no background network traffic,
 * which this machine's closed network would refuse. Used by the end-to-end
 * suite (playwright.config.ts) and the benchmarks (bench/).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Every name resolves to nothing except 127.0.0.1, so nothing leaves the machine. */
export const HOST_RESOLVER_RULES = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';
