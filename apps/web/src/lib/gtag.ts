import { loadScript } from './load-script';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let loadedFor: string | null = null;

/** docs/screens.md#branding: the site's googlePixel (comma-separated ids) loads Google's gtag, once. */
export function loadGooglePixel(googlePixel: string | null): void {
  const ids = (googlePixel ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const first = ids[0];
  if (!first || loadedFor !== null) {
    return;
  }
  loadedFor = googlePixel;

  const dataLayer = (window.dataLayer ??= []);
  function gtag(..._args: unknown[]): void {
    // eslint-disable-next-line prefer-rest-params -- gtag.js reads the `arguments` objects pushed here, not arrays
    dataLayer.push(arguments);
  }
  gtag('js', new Date());
  for (const id of ids) {
    gtag('config', id);
  }
  // Analytics blocked by the browser must not disturb the panel.
  loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(first)}`).catch(() => undefined);
}
