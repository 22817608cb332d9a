import type { nav as viNav, topBar as viTopBar } from '../vi/nav';

export const nav: typeof viNav = {
  label: 'Main navigation',
  open: 'Open the navigation menu',
  dashboard: 'Dashboard',
  manageProxy: 'Proxy management',
  order: 'Orders',
  agency: 'Agency',
  api: 'API',
  account: 'Account',
  topup: 'Topup',
  checkProxy: 'Check Proxy',
  support: 'Support',
  tutorial: 'Tutorial',
  admin: 'Admin',
  adminOverview: 'Overview',
  userPanel: 'Back to the user panel',
};

export const topBar: typeof viTopBar = {
  balance: 'Balance',
  topup: 'Top up',
  accountMenu: 'Account menu',
  changePassword: 'Change password',
  logout: 'Log out',
  logoutDialog: {
    title: 'Log out',
    message: 'Are you sure you want to log out of your account?',
    confirm: 'Log out',
  },
};
