// Debian's Chromium driven by playwright-core: no browser download, the same binaries CI installs by apt.
import { existsSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

/**
 * Debian's headless shell (package chromium-headless-shell) when it is installed, else Debian's
 * Chromium. The shell is the same Chromium build (Blink, V8, the network stack) without the
 * browser's windows and their UI, and it is what Playwright itself runs for headless Chromium;
 * `chromium --headless` runs the whole browser with its windows hidden. The shell costs the
 * browser about a fifth less CPU for the same pages (docs/testing.md#the-browser).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** The white-label demo site; the resolver rule makes it reach the local server like any real host. */
export const OWNER_HOST = 'proxy-owner.localhost';

/**
 * Chromium keeps only the last `--disable-features` it is given, so this is playwright-core's own
 * list (its `chromiumSwitches`, as of 1.65) followed by ours. Ours: the omnibox's popup, a WebUI
 * page that Chromium preloads for every window, headless or not, in renderers of its own (two per
 * browser context, none of which a spec ever shows): without them a context, its sign-in and three
 * page loads cost the browser 3.35 CPU-s instead of 4.2.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  // The compositor that draws every page's frames (software here) as a thread of the browser
  // process instead of a GPU process of its own: each frame then skips a hop between processes.
  // Four spec files, two rounds each, their browsers 155 -> 146 CPU-s (docs/testing.md#the-browser).
  '--in-process-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
  `--host-resolver-rules=MAP ${OWNER_HOST} 127.0.0.1`,
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

export function checkChromium(): void {
  // Missing Chromium must fail the run loudly: a skipped e2e suite would look like a green one.
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it with "apt-get install -y chromium-headless-shell" ` +
        '(or chromium, or set CHROMIUM_PATH); the e2e tests cannot run without it.',
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
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
  try {
    checkDisabledFeatures(server.process().pid);
  } catch (err) {
    await server.close();
    throw err;
  }
  return server;
}

/**
 * The browser's command line holds Playwright's `--disable-features` first and ours last: a feature
 * that a newer Playwright disables and DISABLED_FEATURES does not would be silently enabled again.
 */
function checkDisabledFeatures(pid: number | undefined): void {
  if (pid === undefined) {
    return;
  }
  const lists = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    .split('\0')
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
  const missing = (lists[0] ?? []).filter((feature) => !DISABLED_FEATURES.includes(feature));
  if (lists.length > 1 && missing.length > 0) {
    throw new Error(
      `Playwright now disables ${missing.join(', ')}: add them to DISABLED_FEATURES in e2e/support/browser.ts`,
    );
  }
}

export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
