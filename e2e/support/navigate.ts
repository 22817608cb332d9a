// Moving inside the running app, for the specs (the DOM's types: the e2e program only).
import type { Page } from 'playwright-core';

/**
 * Opens `address` (a path and query on the page's own site) inside the app the page already runs,
 * as its back and forward buttons do (history and popstate): a full load costs the browser about a
 * CPU-second more. The router writes `<html data-route>` once the route is on the page
 * (app/layouts/root-layout.tsx). What the app already fetched stays cached as after a click, so a
 * test that needs data changed behind the app's back loads the page instead.
 */
export async function openInApp(page: Page, address: string): Promise<void> {
  await page.evaluate((to) => {
    delete document.documentElement.dataset.route;
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, address);
  await page.waitForFunction(() => document.documentElement.dataset.route === location.pathname + location.search);
}
