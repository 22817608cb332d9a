/** Every route of the SPA, declared once (STYLE.md "Central config"). */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    login: { path: '/auth/login', getHref: () => '/auth/login' },
    /** seed-spec §2: the historical capitalised address; route matching is case-insensitive. */
    loginLegacy: { path: '/auth/Login', getHref: () => '/auth/Login' },
    register: { path: '/auth/register', getHref: () => '/auth/register' },
    registerSuccess: { path: '/auth/register/success', getHref: () => '/auth/register/success' },
    resetPassword: { path: '/auth/reset-password', getHref: () => '/auth/reset-password' },
    forgotPassword: {
      path: '/auth/forgot-password/:id?',
      getHref: () => '/auth/forgot-password',
    },
  },
  app: {
    dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
    account: { path: '/account', getHref: () => '/account' },
    order: { path: '/order', getHref: () => '/order' },
    manageProxy: { path: '/manage-proxy', getHref: () => '/manage-proxy' },
    topup: { path: '/topup', getHref: () => '/topup' },
    support: { path: '/support', getHref: () => '/support' },
    tutorial: { path: '/tutorial', getHref: () => '/tutorial' },
    checkProxy: { path: '/check-proxy', getHref: () => '/check-proxy' },
    agency: { path: '/agency', getHref: () => '/agency' },
    api: { path: '/api', getHref: () => '/api' },
  },
  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
  },
} as const;
