import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/config/paths';
import { loadTexts } from '@/lib/i18n';
import { lazyRoute } from '@/lib/lazy-route';
import { registerNavigate } from '@/lib/navigation';
import { AuthenticatedGuard } from './guards/authenticated';
import { NotAuthenticatedGuard } from './guards/not-authenticated';
import { AgencyApiGuard } from './guards/site-feature';
import { AuthLayout } from './layouts/auth-layout';
import { EmptyLayout } from './layouts/empty-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { ErrorPageRoute } from './routes/error-page';
import { NotFoundRoute } from './routes/not-found';

const adminOverview = lazyRoute(() => import('@/features/analytics/routes/overview').then((m) => m.AdminOverviewRoute));

type PaymentResultModule = typeof import('@/features/topup/routes/payment-result');

/** The result pages of docs/screens.md#routes (/topup/perfectmoney-*, /confirm-payment/*, /confirm-local-payment/*). */
function paymentResult(pick: (m: PaymentResultModule) => ComponentType) {
  return lazyRoute(() => import('@/features/topup/routes/payment-result').then(pick));
}

// The signed-in and landing layouts (app bar, menus, dialogs) load with their first page, so the
// login page does not download them; the signed-in ones bring their texts (lib/i18n.ts).
const defaultLayout = lazyRoute(async () => {
  const [m] = await Promise.all([import('./layouts/default-layout'), loadTexts('app')]);
  return m.DefaultLayout;
});
const adminLayout = lazyRoute(async () => {
  const [m] = await Promise.all([import('./layouts/admin-layout'), loadTexts('app'), loadTexts('admin')]);
  return m.AdminLayout;
});
const homeLayout = lazyRoute(() => import('./layouts/home-layout').then((m) => m.HomeLayout));

const login = lazyRoute(() => import('@/features/auth/routes/login').then((m) => m.LoginRoute));

// TanStack Query's cache, around every route but the login page, whose first download does not
// hold TanStack Query (docs/development.md#the-web-bundle). The guards that read the user come with it.
const queryLayout = lazyRoute(() => import('./layouts/query-layout').then((m) => m.QueryLayout));
const adminGuard = lazyRoute(() => import('./guards/admin').then((m) => m.AdminGuard));
const ownerGuard = lazyRoute(() => import('./guards/owner').then((m) => m.OwnerGuard));

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: ErrorPageRoute,
    HydrateFallback: () => <PageSpinner fullScreen />,
    children: [
      {
        // 'notAuthenticated': a signed-in user goes to the dashboard.
        Component: NotAuthenticatedGuard,
        children: [
          {
            Component: AuthLayout,
            children: [
              // Matching is case-insensitive, so this also serves /auth/Login (docs/screens.md#routes).
              { path: paths.auth.login.path, ...login },
              {
                ...queryLayout,
                children: [
                  {
                    path: paths.auth.register.path,
                    ...lazyRoute(() => import('@/features/auth/routes/register').then((m) => m.RegisterRoute)),
                  },
                  {
                    path: paths.auth.forgotPassword.path,
                    ...lazyRoute(() =>
                      import('@/features/auth/routes/forgot-password').then((m) => m.ForgotPasswordRoute),
                    ),
                  },
                  {
                    path: paths.auth.resetPassword.path,
                    ...lazyRoute(() =>
                      import('@/features/auth/routes/reset-password').then((m) => m.ResetPasswordRoute),
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        ...queryLayout,
        children: [
          {
            // 'authenticated-home': visitors see the landing page, users go to the dashboard.
            Component: NotAuthenticatedGuard,
            children: [
              {
                ...homeLayout,
                children: [
                  {
                    index: true,
                    ...lazyRoute(() => import('@/features/home/routes/landing').then((m) => m.LandingRoute)),
                  },
                ],
              },
            ],
          },
          {
            // Open to visitors and users alike (docs/screens.md#tools-tutorials-support, #tutorial, #support).
            Component: PublicLayout,
            children: [
              {
                path: paths.app.tools.path,
                ...lazyRoute(() => import('@/features/content/routes/tools').then((m) => m.ToolsRoute)),
              },
              {
                path: paths.app.tutorial.path,
                ...lazyRoute(() => import('@/features/content/routes/tutorial').then((m) => m.TutorialListRoute)),
              },
              {
                path: paths.app.tutorial.article.path,
                ...lazyRoute(() =>
                  import('@/features/content/routes/tutorial-article').then((m) => m.TutorialArticleRoute),
                ),
              },
              {
                path: paths.app.support.path,
                ...lazyRoute(() => import('@/features/content/routes/support').then((m) => m.SupportRoute)),
              },
            ],
          },
          { path: paths.app.legacyProxy.path, element: <Navigate to={paths.app.manageProxy.getHref()} replace /> },
          {
            path: paths.app.legacyProxyRotating.path,
            element: <Navigate to={`${paths.app.manageProxy.getHref()}?tab=key`} replace />,
          },
          { path: paths.app.legacyCheckLiveUid.path, element: <Navigate to={paths.app.tools.getHref()} replace /> },
          {
            Component: AuthLayout,
            children: [
              {
                path: paths.auth.registerSuccess.path,
                ...lazyRoute(() =>
                  import('@/features/auth/routes/register-success').then((m) => m.RegisterSuccessRoute),
                ),
              },
            ],
          },
          {
            Component: AuthenticatedGuard,
            children: [
              {
                ...defaultLayout,
                children: [
                  {
                    path: paths.app.dashboard.path,
                    ...lazyRoute(() => import('@/features/dashboard/routes/dashboard').then((m) => m.DashboardRoute)),
                  },
                  {
                    path: paths.app.account.path,
                    ...lazyRoute(() => import('@/features/account/routes/account').then((m) => m.AccountRoute)),
                  },
                  {
                    path: paths.app.order.path,
                    ...lazyRoute(() => import('@/features/orders/routes/orders').then((m) => m.OrdersRoute)),
                  },
                  {
                    path: paths.app.order.success.path,
                    ...lazyRoute(() =>
                      import('@/features/orders/routes/order-success').then((m) => m.OrderSuccessRoute),
                    ),
                  },
                  {
                    path: paths.app.manageProxy.path,
                    ...lazyRoute(() =>
                      import('@/features/proxies/routes/manage-proxy').then((m) => m.ManageProxyRoute),
                    ),
                  },
                  {
                    path: paths.app.topup.path,
                    ...lazyRoute(() => import('@/features/topup/routes/topup').then((m) => m.TopupRoute)),
                  },
                  {
                    path: paths.app.topup.perfectMoneySuccess.path,
                    ...paymentResult((m) => m.PerfectMoneySuccessRoute),
                  },
                  {
                    path: paths.app.topup.perfectMoneyFailed.path,
                    ...paymentResult((m) => m.PerfectMoneyFailedRoute),
                  },
                  { path: paths.app.confirmPayment.path, ...paymentResult((m) => m.ConfirmPaymentRoute) },
                  {
                    path: paths.app.confirmPayment.success.path,
                    ...paymentResult((m) => m.ConfirmPaymentSuccessRoute),
                  },
                  { path: paths.app.confirmPayment.fail.path, ...paymentResult((m) => m.ConfirmPaymentFailRoute) },
                  { path: paths.app.confirmLocalPayment.path, ...paymentResult((m) => m.ConfirmLocalPaymentRoute) },
                  {
                    path: paths.app.confirmLocalPayment.success.path,
                    ...paymentResult((m) => m.ConfirmLocalPaymentSuccessRoute),
                  },
                  {
                    path: paths.app.confirmLocalPayment.fail.path,
                    ...paymentResult((m) => m.ConfirmLocalPaymentFailRoute),
                  },
                  {
                    path: paths.app.checkProxy.path,
                    ...lazyRoute(() =>
                      import('@/features/check-proxy/routes/check-proxy').then((m) => m.CheckProxyRoute),
                    ),
                  },
                  {
                    Component: AgencyApiGuard,
                    children: [
                      {
                        path: paths.app.agency.path,
                        ...lazyRoute(() => import('@/features/agency/routes/agency').then((m) => m.AgencyRoute)),
                      },
                      {
                        path: paths.app.api.path,
                        ...lazyRoute(() =>
                          import('@/features/developer-api/routes/developer-api').then((m) => m.DeveloperApiRoute),
                        ),
                      },
                    ],
                  },
                ],
              },
              {
                ...adminGuard,
                children: [
                  {
                    path: paths.admin.root.path,
                    ...adminLayout,
                    children: [
                      { index: true, ...adminOverview },
                      { path: paths.admin.overview.path, ...adminOverview },
                      {
                        path: paths.admin.customers.path,
                        ...lazyRoute(() =>
                          import('@/features/customers/routes/customers').then((m) => m.CustomersRoute),
                        ),
                      },
                      {
                        path: paths.admin.customer.path,
                        ...lazyRoute(() => import('./routes/customer-detail').then((m) => m.CustomerDetailRoute)),
                      },
                      {
                        path: paths.admin.order.path,
                        ...lazyRoute(() =>
                          import('@/features/admin-orders/routes/order-detail').then((m) => m.OrderDetailRoute),
                        ),
                      },
                      {
                        path: paths.admin.v6.managePrice.path,
                        ...lazyRoute(() =>
                          import('@/features/catalog/routes/manage-price').then((m) => m.V6ManagePriceRoute),
                        ),
                      },
                      {
                        path: paths.admin.v4.managePrice.path,
                        ...lazyRoute(() =>
                          import('@/features/catalog/routes/manage-price').then((m) => m.V4ManagePriceRoute),
                        ),
                      },
                      {
                        path: paths.admin.v6.managePackage.path,
                        ...lazyRoute(() =>
                          import('@/features/catalog/routes/manage-package').then((m) => m.V6ManagePackageRoute),
                        ),
                      },
                      {
                        path: paths.admin.v4.managePackage.path,
                        ...lazyRoute(() =>
                          import('@/features/catalog/routes/manage-package').then((m) => m.V4ManagePackageRoute),
                        ),
                      },
                      {
                        path: paths.admin.v6.manageOrder.path,
                        ...lazyRoute(() =>
                          import('@/features/admin-orders/routes/manage-order').then((m) => m.V6ManageOrderRoute),
                        ),
                      },
                      {
                        path: paths.admin.v4.manageOrder.path,
                        ...lazyRoute(() =>
                          import('@/features/admin-orders/routes/manage-order').then((m) => m.V4ManageOrderRoute),
                        ),
                      },
                      {
                        path: paths.admin.rotating.proxyRotating.path,
                        ...lazyRoute(() =>
                          import('@/features/catalog/routes/proxy-rotating').then((m) => m.ProxyRotatingRoute),
                        ),
                      },
                      {
                        path: paths.admin.rotating.manageOrderKey.path,
                        ...lazyRoute(() =>
                          import('@/features/admin-orders/routes/manage-order').then((m) => m.KeyManageOrderRoute),
                        ),
                      },
                      {
                        path: paths.admin.rotating.manageKey.path,
                        ...lazyRoute(() =>
                          import('@/features/admin-orders/routes/manage-order').then((m) => m.ManageKeyRoute),
                        ),
                      },
                      {
                        path: paths.admin.analytics.path,
                        // MUI X Charts come with this route only.
                        ...lazyRoute(() =>
                          import('@/features/analytics/routes/analytics').then((m) => m.AdminAnalyticsRoute),
                        ),
                      },
                      {
                        path: paths.admin.suppliers.path,
                        ...lazyRoute(() =>
                          import('@/features/suppliers/routes/suppliers').then((m) => m.AdminSuppliersRoute),
                        ),
                      },
                      {
                        path: paths.admin.config.path,
                        ...lazyRoute(() => import('@/features/sites/routes/config').then((m) => m.AdminConfigRoute)),
                      },
                      {
                        path: paths.admin.topups.path,
                        ...lazyRoute(() =>
                          import('@/features/admin-topups/routes/topups').then((m) => m.AdminTopupsRoute),
                        ),
                      },
                      {
                        path: paths.admin.transactions.path,
                        ...lazyRoute(() =>
                          import('@/features/admin-topups/routes/transactions').then((m) => m.AdminTransactionsRoute),
                        ),
                      },
                      {
                        ...ownerGuard,
                        children: [
                          {
                            path: paths.admin.nodes.path,
                            ...lazyRoute(() => import('@/features/nodes/routes/nodes').then((m) => m.AdminNodesRoute)),
                          },
                          {
                            path: paths.admin.sites.path,
                            ...lazyRoute(() => import('@/features/sites/routes/sites').then((m) => m.AdminSitesRoute)),
                          },
                        ],
                      },
                      {
                        path: paths.admin.landing.path,
                        ...lazyRoute(() =>
                          import('@/features/content/routes/landing-cms').then((m) => m.AdminLandingRoute),
                        ),
                      },
                      {
                        path: paths.admin.promotion.path,
                        ...lazyRoute(() =>
                          import('@/features/promotions/routes/promotion').then((m) => m.AdminPromotionRoute),
                        ),
                      },
                      {
                        path: paths.admin.agency.path,
                        ...lazyRoute(() =>
                          import('@/features/agency/routes/agencies').then((m) => m.AdminAgenciesRoute),
                        ),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          {
            Component: EmptyLayout,
            children: [
              // Also rendered by the error page, so it is in the main bundle anyway.
              { path: '*', Component: NotFoundRoute },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigate((to) => void router.navigate(to));
  return router;
}
