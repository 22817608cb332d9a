import type { errorPage as viErrorPage, home as viHome, notFound as viNotFound } from '../vi/pages';

export const home: typeof viHome = {
  tagline: 'High-quality IPv4, IPv6 and rotating proxies',
  pitch:
    'Buy proxies by country, period and quantity. Pay from your coin balance, get them instantly and manage them easily on any device.',
  login: 'Sign in',
  register: 'Register',
};

// docs/screens.md#not-found: these texts are verbatim.
export const notFound: typeof viNotFound = {
  code: '404',
  title: 'Sorry, the page you requested was not found.',
  description: 'You may have mistyped the address or the page may have moved.',
  home: 'Home page',
  dashboard: 'Go to the dashboard',
};

export const errorPage: typeof viErrorPage = {
  title: 'An error occurred',
  description: 'Please reload the page or go back to the home page.',
  reload: 'Reload the page',
  home: 'Home page',
  fallbackTitle: 'An error occurred while showing the error page',
};
