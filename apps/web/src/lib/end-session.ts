import { paths } from '@/config/paths';
import { navigateTo } from './navigation';
import { clearUserData } from './query-client';
import { clearSession } from './session';

/** docs/product-rules.md#session: forget tokens, user and the user's cached data, then go to the login page. */
export function endSession(): void {
  clearSession();
  navigateTo(paths.auth.login.getHref());
  // After the request that ended the session has reported its error: removing its query now
  // would cancel it silently, and its toast (docs/screens.md#error-messages, INVALID_TOKEN) would never show.
  window.setTimeout(clearUserData, 0);
}
