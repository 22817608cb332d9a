/**
 * The one way the app sends the browser to a URL it did not write itself (a payment provider's
 * checkout page, a form's action): only http(s) URLs pass. A `javascript:` URL would run in the
 * panel's origin, where it can read the session; `data:`, `vbscript:` and the rest have no place
 * here either. The server refuses such provider answers too; this is the second line.
 */

/**
 * The URL as the browser would open it when its scheme is http or https, else null. Without
 * `base` only absolute URLs pass (a provider's URL is always absolute); with it, a relative path
 * is resolved against it (the app's own paths).
 */
export function safeHttpUrl(raw: unknown, base?: string): string | null {
  if (typeof raw !== 'string' || raw === '') {
    return null;
  }
  let url: URL;
  try {
    url = base === undefined ? new URL(raw) : new URL(raw, base);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}

/** Navigates to an http(s) URL; anything else is ignored. Returns whether it navigated. */
export function navigateToUrl(raw: unknown, base?: string): boolean {
  const url = safeHttpUrl(raw, base);
  if (url === null) {
    return false;
  }
  window.location.assign(url);
  return true;
}
