import type { admin as vi } from '../vi/admin';

export const admin: typeof vi = {
  overview: {
    title: 'Admin overview',
    description: 'Statistics, orders, customers and system settings will be shown here.',
  },
  active: 'On sale',
  onSale: 'On sale',
  offSale: 'Not on sale',
  errors: {
    invalidNumbers: 'Please enter valid whole numbers in the fields',
  },
  countries: {
    title: 'Country availability',
    disabled: 'Disabled',
    stock_one: '{{count}} left',
    stock_other: '{{count}} left',
  },
  price: {
    title: '{{product}} prices',
  },
  retail: {
    title: 'Retail prices',
    editTitle: 'Edit the price: {{country}}, per {{unit}}',
    price: 'Price',
    renewPrice: 'Renewal price',
    quantityStep: 'Quantity step',
    maxQuantity: 'Maximum quantity',
  },
  discount: {
    title: 'Quantity discounts',
    empty: 'No discount tier yet',
    minQuantity: 'From quantity',
    percent: 'Discount (%)',
    add: 'Add a tier',
    errors: {
      tierInvalid: 'Quantities must be whole numbers from 1, discounts from 0 to 90%',
      tierDuplicate: 'Each quantity may have one tier only',
      tooManyTiers: 'At most {{max}} tiers',
    },
  },
  bandwidth: {
    title: 'Bandwidth price (IPv4 packages)',
    pricePerGb: 'Price per GB (coins)',
    maxGb: 'Maximum bandwidth (GB)',
  },
  packages: {
    title: '{{product}} packages',
    list: 'Packages',
    editTitle: 'Edit the {{name}} package',
    name: 'Name',
    days: 'Days',
    proxies: 'Proxies',
    bandwidthGb: 'Bandwidth (GB)',
    bandwidthHelp: 'Leave empty for unlimited bandwidth',
    minIntervalSec: 'Min. IP change interval (s)',
  },
  rotating: {
    title: 'Rotating proxies',
    packages: 'Key packages',
  },
  orders: {
    title: '{{product}} orders',
  },
  keys: {
    title: 'Rotating keys',
  },
  customers: {
    title: 'Customers',
    active: 'Active',
    banned: 'Banned',
    verified: 'Verified',
    addTitle: 'Add to balance',
    refundTitle: 'Refund',
    ban: 'Ban the account',
    unban: 'Unban the account',
    banMessage: 'Ban {{email}}? The customer will not be able to sign in.',
    unbanMessage: 'Unban {{email}}?',
    amount: 'Amount (coins)',
    amountInvalid: 'The amount must be a whole number above 0',
    balanceOf: 'Current balance of {{email}}: {{balance}}',
    balanceChanged: 'New balance: {{balance}}',
  },
};
