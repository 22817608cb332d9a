import type { common as vi } from '../vi/common';

export const common: typeof vi = {
  coin: 'Coin',
  cancel: 'Cancel',
  confirm: 'Confirm',
  close: 'Close',
  continue: 'Continue',
  back: 'Back',
  loading: 'Loading…',
  email: 'Email',
  password: 'Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  comingSoon: {
    title: 'Coming soon',
    description: 'This feature is being finished and will be available soon.',
    back: 'Back to the dashboard',
  },
  language: {
    label: 'Language',
    switch: 'Change language',
    vi: 'Tiếng Việt',
    en: 'English',
    shortVi: 'VN',
    shortEn: 'US',
  },
  footer: {
    company: '© {{year}} {{name}}. All rights reserved.',
    credit: 'Powered by ProxyTech proxy technology',
  },
};
