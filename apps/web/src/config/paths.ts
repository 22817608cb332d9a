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
    order: {
      path: '/order',
      getHref: () => '/order',
      success: { path: '/order/success/:id', getHref: (id: string) => `/order/success/${id}` },
    },
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
    overview: { path: '/admin/overview', getHref: () => '/admin/overview' },
    analytics: { path: '/admin/analytics', getHref: () => '/admin/analytics' },
    config: { path: '/admin/config', getHref: () => '/admin/config' },
    customers: { path: '/admin/customers', getHref: () => '/admin/customers' },
    landing: { path: '/admin/landing', getHref: () => '/admin/landing' },
    promotion: { path: '/admin/promotion', getHref: () => '/admin/promotion' },
    agency: { path: '/admin/agency', getHref: () => '/admin/agency' },
    v6: {
      managePrice: { path: '/admin/v6/manage-price', getHref: () => '/admin/v6/manage-price' },
      managePackage: { path: '/admin/v6/manage-package', getHref: () => '/admin/v6/manage-package' },
      manageOrder: { path: '/admin/v6/manage-order', getHref: () => '/admin/v6/manage-order' },
    },
    v4: {
      managePrice: { path: '/admin/v4/manage-price', getHref: () => '/admin/v4/manage-price' },
      managePackage: { path: '/admin/v4/manage-package', getHref: () => '/admin/v4/manage-package' },
      manageOrder: { path: '/admin/v4/manage-order', getHref: () => '/admin/v4/manage-order' },
    },
    rotating: {
      proxyRotating: { path: '/admin/rotating/proxy-rotating', getHref: () => '/admin/rotating/proxy-rotating' },
      manageOrderKey: { path: '/admin/rotating/manage-order-key', getHref: () => '/admin/rotating/manage-order-key' },
      manageKey: { path: '/admin/rotating/manage-key', getHref: () => '/admin/rotating/manage-key' },
    },
  },
} as const;
