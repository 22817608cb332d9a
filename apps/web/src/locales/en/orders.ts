import type { orders as vi } from '../vi/orders';

export const orders: typeof vi = {
  title: 'Order management',
  searchPlaceholder: 'Order code, country…',
  bandwidthValue: '{{gb}} GB',
  bandwidthUnlimited: 'Unlimited',
  /** An order whose proxies were renewed one by one expires over a range. */
  expiry: {
    earliest: 'Earliest: {{date}}',
    latest: 'Latest: {{date}}',
  },
  autoRenewMixed: 'Mixed',
  details: 'Order details',
  columns: {
    code: 'Order code',
    paidAt: 'Paid at',
    expiresAt: 'Expires at',
    autoRenew: 'Auto-renew',
    bandwidth: 'Bandwidth',
    user: 'Customer',
  },
  actions: {
    renewLive: 'Renew its proxies',
    renew: 'Renew',
    bandwidth: 'Increase bandwidth',
    history: 'Operation history',
    increaseAmount: 'Add proxies',
    changeCountry: 'Change country',
  },
  errors: {
    needSelection: 'Please select at least one order',
    catalogueFailed: 'The prices could not be loaded. Please try again later or contact system admin',
  },
  renew: {
    title: 'Renew order {{code}}',
    retailMessage: 'Renew the {{quantity}} proxies of this order for the period below.',
    packageMessage: 'Renew the "{{name}}" package for another {{period}} at the package price.',
    estimate: 'Expected cost',
    submit: 'Renew',
    success: 'Order {{code}} renewed',
  },
  renewLive: {
    title: 'Renew the proxies of order {{code}}',
    message_one:
      'Extend the order’s {{count}} proxy in use by one period, from its current expiry. It keeps its address.',
    message_other:
      'Extend the order’s {{count}} proxies in use by one period, each from its current expiry. They keep their addresses.',
    tooMany:
      'This order has {{count}} proxies in use, more than the {{max}} one renewal takes: renew them in pages from Proxy management.',
    success_one: '{{count}} proxy of order {{code}} renewed',
    success_other: '{{count}} proxies of order {{code}} renewed',
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
  increaseAmount: {
    title: 'Add proxies to order {{code}}',
    message:
      'The order has {{quantity}} proxies in {{country}}, with {{remaining}} left. Added proxies share its country, protocol and expiry; add a multiple of {{step}}, up to {{max}} in the order.',
    amount: 'Proxies to add',
    amountInvalid: 'Enter a whole number of proxies, at least 1',
    amountStep: 'The number of proxies must be a multiple of {{step}}',
    amountMax: 'An order holds at most {{max}} proxies',
    notSold: 'This country is no longer sold for the order’s period unit',
    submit: 'Add proxies',
    success: 'Order {{code}} now has {{quantity}} proxies',
  },
  changeCountry: {
    title: 'Change the country of order {{code}}',
    message:
      'The {{quantity}} proxies in use in {{country}} keep their ports and passwords and exit from the new country (expired ones stay). A dearer country costs the difference for the time each has left, at most {{remaining}}; a cheaper one is free.',
    needCountry: 'Please choose a country',
    outOfStock: 'Out of stock',
    free: 'Free',
    submit: 'Change country',
    success: 'Order {{code}} moved to {{country}}',
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
      admin_extend: 'Extended by an admin',
      admin_cancel: 'Cancelled by an admin',
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
    waitingTitle: 'Waiting for processing',
    waitingMessage:
      'Paid {{total}}. Your proxies are being prepared and will show here as soon as they are ready; you may leave this page.',
    cancelledTitle: 'The proxies could not be bought',
    cancelledMessage: 'Order {{code}} was cancelled. The refund shows in your balance and your transactions.',
  },
};
