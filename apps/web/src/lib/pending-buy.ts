/**
 * docs/screens.md#home: a visitor who chooses a purchase on the home page signs up first; the
 * choice (a dashboard address with ?buy=…&country=…) is kept here and the first signed-in page
 * opens it. Only a /dashboard address is kept, for a day.
 */
const KEY = 'pendingBuy';
const TTL_MS = 24 * 60 * 60 * 1000;

export function savePendingBuy(href: string): void {
  if (!href.startsWith('/dashboard?')) {
    return;
  }
  try {
    localStorage.setItem(KEY, JSON.stringify({ href, at: Date.now() }));
  } catch {
    // Storage full or disabled: the visitor chooses again on the dashboard.
  }
}

/** The kept dashboard address, or null (none, expired, or not a dashboard address). */
export function peekPendingBuy(): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as { href?: unknown; at?: unknown }) : null;
    if (
      parsed &&
      typeof parsed.href === 'string' &&
      parsed.href.startsWith('/dashboard?') &&
      typeof parsed.at === 'number' &&
      Date.now() - parsed.at < TTL_MS
    ) {
      return parsed.href;
    }
  } catch {
    // Unreadable: ignored.
  }
  return null;
}

export function clearPendingBuy(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
