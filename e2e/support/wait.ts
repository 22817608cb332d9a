/**
 * How long a spec waits for the page (a locator, an expect.poll, a mail): long enough for a starved
 * 2-core CI machine, where a spec's browser and server share the cores with other jobs and a page
 * may take many seconds to settle, and well under the test timeout (vitest.config.ts), so a missing
 * element fails with its own message. Specs assert what the page shows, never how fast: speed is
 * measured by the bench scripts.
 */
export const WAIT_MS = 30_000;

/** A navigation (page.goto, waitForURL): a cold route's chunks on the same starved machine. */
export const NAVIGATION_MS = 45_000;
