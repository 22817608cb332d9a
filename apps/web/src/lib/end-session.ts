import { paths } from '@/config/paths';
import { navigateTo } from './navigation';
import { clearUserData } from './query-client';
import { clearSession } from './session';

/** seed-spec §4: forget tokens, user and the user's cached data, then go to the login page. */
export function endSession(): void {
  clearSession();
  navigateTo(paths.auth.login.getHref());
  // After the request that ended the session has reported its error: removing its query now
  // would cancel it silently, and its toast (seed-spec §8, INVALID_TOKEN) would never show.
  window.setTimeout(clearUserData, 0);
}
