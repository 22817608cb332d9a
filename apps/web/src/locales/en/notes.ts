import type { notes as vi } from '../vi/notes';

export const notes: typeof vi = {
  orderLog: {
    renewManual: 'Renewed: {{period}}',
    renewAuto: 'Auto-renewed: {{period}}',
    renewProxies_one: 'Renewed {{n}} proxy: {{period}}',
    renewProxies_other: 'Renewed {{n}} proxies: {{period}}',
    renewKeys_one: 'Renewed {{n}} key: {{period}}',
    renewKeys_other: 'Renewed {{n}} keys: {{period}}',
    bandwidth: '+{{gb}} GB of bandwidth',
    increaseAmount: '+{{quantity}} proxies, {{period}} left',
    changeCountry: '{{from}} → {{to}}',
    autoRenewFailed: 'Auto-renewal failed',
    adminExtend: '{{count}} proxies/keys: +{{period}}, free',
    adminCancel: '{{count}} proxies/keys released, {{refund}} refunded',
    failed: '{{text}}: {{error}}',
  },
  held: {
    unmatched: 'The transfer content names no customer',
    ambiguous: 'The transfer content names several customers',
    noProviderTxn: 'No provider transaction id',
    amount: 'Amount {{got}} instead of {{expected}} ({{currency}} minor units)',
    currency: 'Currency {{got}} instead of {{expected}}',
    payee: 'Payee {{got}} instead of {{expected}}',
    belowMinimum: 'Below the minimum of {{min}}',
    transferType: 'Transfer type “{{type}}” is not incoming',
    paidAfter: 'Paid after the payment was “{{status}}”',
    markedPaid: 'An admin already marked a top-up of this amount paid ({{at}}): the same transfer, or a second one?',
  },
};
