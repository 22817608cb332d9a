// Debian's Chromium driven by playwright-core: no browser download, the same binary CI installs by apt.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

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

function checkChromium(): void {
  // Missing Chromium must fail the run loudly: a skipped e2e suite would look like a green one.
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it with "apt-get install -y chromium" ` +
        '(or set CHROMIUM_PATH); the e2e tests cannot run without it.',
    );
  }
}

export async function launchBrowser(): Promise<Browser> {
  checkChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}

/**
 * One Chromium for the whole run (global-setup.ts): each spec file connects to it and works in its
 * own contexts, which the browser closes when the file disconnects. A launch per file cost more CPU
 * than many a file's tests.
 */
export async function launchSharedBrowser(): Promise<BrowserServer> {
  checkChromium();
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}

export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
