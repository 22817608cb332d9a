import type { orders as vi } from '../vi/orders';

export const orders: typeof vi = {
  title: 'Order management',
  searchPlaceholder: 'Order code, country…',
  bandwidthValue: '{{gb}} GB',
  bandwidthUnlimited: 'Unlimited',
  columns: {
    code: 'Order code',
    paidAt: 'Paid at',
    expiresAt: 'Expires at',
    autoRenew: 'Auto-renew',
    bandwidth: 'Bandwidth',
    user: 'Customer',
  },
  actions: {
    renew: 'Renew',
    bandwidth: 'Increase bandwidth',
    history: 'Operation history',
  },
  errors: {
    needSelection: 'Please select at least one order',
  },
  renew: {
    title: 'Renew order {{code}}',
    retailMessage: 'Renew the {{quantity}} proxies of this order for the period below.',
    packageMessage: 'Renew the "{{name}}" package for another {{period}} at the package price.',
    estimate: 'Expected cost',
    submit: 'Renew',
    success: 'Order {{code}} renewed',
  },
  renewSelected: {
    button: 'Renew selected',
    title: 'Renew the selected orders',
    message: 'Renew {{count}} order(s) ({{codes}}), each for its own period?',
    success: '{{count}} order(s) renewed',
  },
  bandwidth: {
    title: 'Increase the bandwidth of order {{code}}',
    message: 'Now {{current}} GB, at most {{max}} GB. {{price}} per GB.',
    extra: 'GB to add',
    invalid: 'Enter a whole number of GB, at least 1',
    notSold: 'Extra bandwidth is not on sale',
    success: 'New bandwidth: {{gb}} GB',
  },
  history: {
    title: 'Operation history of order {{code}}',
    empty: 'No operation yet',
    action: 'Action',
    result: 'Result',
    actions: {
      buy: 'Buy',
      renew: 'Renew',
      increase_bandwidth: 'Increase bandwidth',
      increase_amount: 'Increase amount',
      change_country: 'Change country',
    },
    results: {
      success: 'Success',
      fail: 'Failed',
    },
  },
  success: {
    title: 'Purchase successful',
    summary_one: 'Order {{code}}: {{count}} {{product}} {{country}}, {{period}}',
    summary_other: 'Order {{code}}: {{count}} × {{product}} {{country}}, {{period}}',
    paid: 'Paid {{total}}. Expires at {{expires}}.',
    linesLabel: 'Proxy list (host:port:user:pass)',
    keysLabel: 'Key list (key host:port:user:pass)',
    downloadTxt: 'Download .txt',
  },
};
