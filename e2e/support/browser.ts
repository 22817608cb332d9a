// Debian's Chromium driven by playwright-core: no browser download, the same binary CI installs by apt.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The white-label demo site; the resolver rule makes it reach the local server like any real host. */
export const OWNER_HOST = 'proxy-owner.localhost';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
  `--host-resolver-rules=MAP ${OWNER_HOST} 127.0.0.1`,
];

export async function launchBrowser(): Promise<Browser> {
  // Missing Chromium must fail the run loudly: a skipped e2e suite would look like a green one.
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it with "apt-get install -y chromium" ` +
        '(or set CHROMIUM_PATH); the e2e tests cannot run without it.',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}
