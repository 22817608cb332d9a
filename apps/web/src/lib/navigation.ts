/**
 * Lets code outside React (the API client) navigate through the router once it exists.
 * Until the router registers itself, a full page load is the fallback.
 */
type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function registerNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}
