import type { dashboard as vi } from '../vi/dashboard';

export const dashboard: typeof vi = {
  welcome: 'Welcome, {{email}}',
  balance: 'Current balance',
  topup: 'Top up',
  promotion: {
    title: 'Deposit promotion',
    sentence: 'Deposit {{tiers}}.',
    tier: 'from {{amount}} get {{percent}}% bonus',
    separator: ', ',
  },
  products: {
    title: 'Products',
    buy: 'Buy now',
    v6: {
      title: 'IPv6 proxy',
      description: 'Fast static IPv6 proxies, with good prices in large quantities.',
    },
    v4: {
      title: 'IPv4 proxy',
      description: 'Private IPv4 proxies, stable for every use.',
    },
    key: {
      title: 'Rotating proxy (key)',
      description: 'Keys that change IP on a schedule or on request.',
    },
  },
};
