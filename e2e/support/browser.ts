// Debian's Chromium driven by playwright-core: no browser download, the same binaries CI installs by apt.
import { existsSync, readFileSync, statfsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer, type LaunchOptions } from 'playwright-core';

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
 * Chromium keeps only the last `--disable-features` and the last `--enable-features` it is given, so
 * each list here is playwright-core's own (its `chromiumSwitches`, as of 1.65) followed by ours.
 * Disabled: the omnibox's popup, a WebUI page that Chromium preloads for every window, headless or
 * not, in renderers of its own (two per browser context, none of which a spec ever shows): without
 * them a context, its sign-in and three page loads cost the browser 3.35 CPU-s instead of 4.2.
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

/**
 * Enabled: the network service as a thread of the browser process instead of a process of its own,
 * so each of the pages' requests skips a hop between processes.
 */
const ENABLED_FEATURES = ['CDPScreenshotNewSurface', 'SkipListAccountsWithoutGaiaCookies', 'NetworkServiceInProcess2'];

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  // The compositor that draws every page's frames (software here) as a thread of the browser
  // process instead of a GPU process of its own: each frame then skips a hop between processes.
  // Four spec files, two rounds each, their browsers 155 -> 146 CPU-s (docs/testing.md#the-browser).
  '--in-process-gpu',
  // One renderer per page instead of two: with site isolation a context's first page (about:blank)
  // gets a renderer of its own and its first navigation to the panel another, started afresh. The
  // specs only ever open the panel's own origins; nothing they check depends on the isolation.
  '--disable-site-isolation-trials',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
  `--host-resolver-rules=MAP ${OWNER_HOST} 127.0.0.1`,
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
  `--enable-features=${ENABLED_FEATURES.join(',')}`,
];

/**
 * Playwright makes Chromium keep its shared memory (the pages' frames, the messages between its
 * processes) in files under /tmp rather than in /dev/shm, which a container may size at 64 MB. But
 * /tmp may be a disk, whose files the kernel writes back: where /dev/shm is a tmpfs with room (1 GiB),
 * Chromium keeps it there.
 */
function shmHasRoom(): boolean {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    return bavail * bsize >= 2 ** 30;
  } catch {
    return false;
  }
}

function launchOptions(): LaunchOptions {
  return {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    ...(shmHasRoom() ? { ignoreDefaultArgs: ['--disable-dev-shm-usage'] } : {}),
  };
}

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
  return chromium.launch(launchOptions());
}

/**
 * One Chromium for the whole run (global-setup.ts): each spec file connects to it and works in its
 * own contexts, which the browser closes when the file disconnects. A launch per file cost more CPU
 * than many a file's tests.
 */
export async function launchSharedBrowser(): Promise<BrowserServer> {
  checkChromium();
  const server = await chromium.launchServer(launchOptions());
  try {
    checkFeatureLists(server.process().pid);
  } catch (err) {
    await server.close();
    throw err;
  }
  return server;
}

/**
 * The browser's command line holds Playwright's feature lists first and ours last: a feature that a
 * newer Playwright disables or enables and our list lacks would be silently switched back.
 */
function checkFeatureLists(pid: number | undefined): void {
  if (pid === undefined) {
    return;
  }
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  for (const [flag, ours] of [
    ['--disable-features=', DISABLED_FEATURES],
    ['--enable-features=', ENABLED_FEATURES],
  ] as const) {
    const lists = args.filter((arg) => arg.startsWith(flag)).map((arg) => arg.slice(flag.length).split(','));
    const missing = (lists[0] ?? []).filter((feature) => !ours.includes(feature));
    if (lists.length > 1 && missing.length > 0) {
      throw new Error(
        `Playwright now passes ${flag}${missing.join(',')}: add them to the list in e2e/support/browser.ts`,
      );
    }
  }
}

export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
