import { paths } from '@/config/paths';
import { navigateTo } from './navigation';
import { clearSession } from './session';

const cleanups = new Set<() => void>();

/**
 * Work for the end of every session: the query cache registers the removal of the user's data
 * when it loads (lib/query-client.ts), so the login page does not download it.
 */
export function onSessionEnd(cleanup: () => void): void {
  cleanups.add(cleanup);
}

function clearUserData(): void {
  for (const cleanup of cleanups) {
    cleanup();
  }
}

/** docs/product-rules.md#session: forget tokens, user and the user's cached data, then go to the login page. */
export function endSession(): void {
  clearSession();
  navigateTo(paths.auth.login.getHref());
  // After the request that ended the session has reported its error: removing its query now
  // would cancel it silently, and its toast (docs/screens.md#error-messages, INVALID_TOKEN) would never show.
  window.setTimeout(clearUserData, 0);
}
