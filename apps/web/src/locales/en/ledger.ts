import type { ledger as vi } from '../vi/ledger';

export const ledger: typeof vi = {
  buyRetail: '{{code}}: {{quantity}} × {{product}}, {{country}}, {{period}}',
  buyPackage: '{{code}}: package {{package}} ({{quantity}} × {{product}}, {{country}}, {{period}})',
  buyKeys: '{{code}}: {{quantity}} × key ({{package}}), {{country}}',
  renewOrder: '{{code}}: renewal of {{count}} × {{period}}',
  autoRenewOrder: '{{code}}: auto-renewal of {{count}} × {{period}}',
  renewProxies: 'Renewal of {{count}} × {{product}}, {{period}}',
  renewKeys: 'Renewal of {{count}} × key, {{period}}',
  bandwidth: '{{code}}: +{{gb}} GB of bandwidth',
  increaseAmount: '{{code}}: +{{quantity}} × {{product}}, {{country}}, for the remaining {{period}}',
  changeCountry: '{{code}}: {{count}} proxies moved from {{from}} to {{to}}, for the remaining {{period}}',
  topup: 'Top-up by {{method}}: {{amount}} {{currency}}',
  topupBank: 'Bank transfer of {{amount}} VND ({{code}})',
  promotion: 'Deposit promotion: {{of}}',
  adminAdd: 'Added by an admin',
  refund: 'Refund',
  orderRefund: 'Refund for cancelled order {{code}}',
  agencyCommission: 'Agency commission {{percent}}% of {{amount}} topped up by {{email}}',
  agencyTransferOut: 'Transfer to agency member {{email}}',
  agencyTransferIn: 'Transfer from agency {{agency}}',
  withNote: '{{text}} ({{note}})',
};
