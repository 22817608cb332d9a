/**
 * Lets code outside React (the API client) navigate through the router once it exists.
 * Until the router registers itself, a full page load is the fallback.
 */
import { navigateToUrl } from './safe-navigate';

type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => {
  // The app's own paths; resolved against the page, and never a non-http(s) URL.
  navigateToUrl(to, window.location.href);
};

export function registerNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}
