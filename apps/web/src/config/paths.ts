/** The query parameter of /topup that pre-fills the amount, in coins (the shortfall dialog writes it). */
export const AMOUNT_PARAM = 'amount';

/** Every route of the SPA, declared once (bulletproof-react's central config). */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    login: { path: '/auth/login', getHref: () => '/auth/login' },
    /** docs/screens.md#routes: the historical capitalised address; route matching is case-insensitive. */
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
    topup: {
      /** docs/screens.md#routes: providers send the payer back to /topup/<top-up id>?method=…. */
      path: '/topup/:id?',
      getHref: (id?: string) => (id ? `/topup/${id}` : '/topup'),
      perfectMoneySuccess: { path: '/topup/perfectmoney-success', getHref: () => '/topup/perfectmoney-success' },
      perfectMoneyFailed: { path: '/topup/perfectmoney-failed', getHref: () => '/topup/perfectmoney-failed' },
    },
    confirmPayment: {
      path: '/confirm-payment/:id?',
      getHref: (id?: string) => (id ? `/confirm-payment/${id}` : '/confirm-payment'),
      success: { path: '/confirm-payment/success', getHref: () => '/confirm-payment/success' },
      fail: { path: '/confirm-payment/fail', getHref: () => '/confirm-payment/fail' },
    },
    confirmLocalPayment: {
      path: '/confirm-local-payment/:id?',
      getHref: (id?: string) => (id ? `/confirm-local-payment/${id}` : '/confirm-local-payment'),
      success: { path: '/confirm-local-payment/success', getHref: () => '/confirm-local-payment/success' },
      fail: { path: '/confirm-local-payment/fail', getHref: () => '/confirm-local-payment/fail' },
    },
    support: { path: '/support', getHref: () => '/support' },
    tutorial: {
      path: '/tutorial',
      getHref: () => '/tutorial',
      article: { path: '/tutorial/:slug', getHref: (slug: string) => `/tutorial/${encodeURIComponent(slug)}` },
    },
    /** docs/screens.md#tools-tutorials-support: public. */
    tools: { path: '/tools', getHref: () => '/tools' },
    /** Old menu links (docs/screens.md#tools-tutorials-support): /proxy and /proxy-rotating open proxy management, /checkliveuid the tools. */
    legacyProxy: { path: '/proxy', getHref: () => '/proxy' },
    legacyProxyRotating: { path: '/proxy-rotating', getHref: () => '/proxy-rotating' },
    legacyCheckLiveUid: { path: '/checkliveuid', getHref: () => '/checkliveuid' },
    checkProxy: { path: '/check-proxy', getHref: () => '/check-proxy' },
    agency: { path: '/agency', getHref: () => '/agency' },
    api: { path: '/api', getHref: () => '/api' },
  },
  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
    overview: { path: '/admin/overview', getHref: () => '/admin/overview' },
    analytics: { path: '/admin/analytics', getHref: () => '/admin/analytics' },
    config: { path: '/admin/config', getHref: () => '/admin/config' },
    /** The white-label sites and their hosts: the owner's (role 0) only. */
    sites: { path: '/admin/sites', getHref: () => '/admin/sites' },
    customers: { path: '/admin/customers', getHref: () => '/admin/customers' },
    /** One customer: orders, proxies, keys, top-ups and ledger. */
    customer: { path: '/admin/customers/:id', getHref: (id: string) => `/admin/customers/${id}` },
    /** One order of any product: its items, history, extend and cancel. */
    order: { path: '/admin/orders/:id', getHref: (id: string) => `/admin/orders/${id}` },
    landing: { path: '/admin/landing', getHref: () => '/admin/landing' },
    promotion: { path: '/admin/promotion', getHref: () => '/admin/promotion' },
    agency: { path: '/admin/agency', getHref: () => '/admin/agency' },
    topups: { path: '/admin/topups', getHref: () => '/admin/topups' },
    transactions: { path: '/admin/transactions', getHref: () => '/admin/transactions' },
    /** Gateway nodes: the owner's (role 0) infrastructure, shared by every site. */
    nodes: { path: '/admin/nodes', getHref: () => '/admin/nodes' },
    suppliers: { path: '/admin/suppliers', getHref: () => '/admin/suppliers' },
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
