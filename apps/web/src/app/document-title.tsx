import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useSiteInfo } from '@/lib/site-info';

type TitleKey = `nav.${string}`;

/**
 * Each route's tab title (docs/screens.md#branding), first match wins: more specific paths come
 * before the ones they would also match.
 */
const ROUTE_TITLES: readonly (readonly [string, TitleKey])[] = [
  [paths.home.path, 'nav.titleHome'],
  [paths.auth.login.path, 'nav.titleLogin'],
  [paths.auth.registerSuccess.path, 'nav.titleRegisterSuccess'],
  [paths.auth.register.path, 'nav.titleRegister'],
  [paths.auth.forgotPassword.path, 'nav.titleForgotPassword'],
  [paths.auth.resetPassword.path, 'nav.titleResetPassword'],
  [paths.app.dashboard.path, 'nav.dashboard'],
  [paths.app.account.path, 'nav.account'],
  [paths.app.order.success.path, 'nav.titleOrderSuccess'],
  [paths.app.order.path, 'nav.order'],
  [paths.app.manageProxy.path, 'nav.manageProxy'],
  [paths.app.topup.perfectMoneySuccess.path, 'nav.titlePayment'],
  [paths.app.topup.perfectMoneyFailed.path, 'nav.titlePayment'],
  [paths.app.topup.path, 'nav.topup'],
  [paths.app.confirmPayment.path, 'nav.titlePayment'],
  [paths.app.confirmLocalPayment.path, 'nav.titlePayment'],
  [paths.app.support.path, 'nav.support'],
  [paths.app.tutorial.article.path, 'nav.tutorial'],
  [paths.app.tutorial.path, 'nav.tutorial'],
  [paths.app.tools.path, 'nav.tools'],
  [paths.app.checkProxy.path, 'nav.checkProxy'],
  [paths.app.agency.path, 'nav.agency'],
  [paths.app.api.path, 'nav.api'],
  [paths.admin.overview.path, 'nav.adminOverview'],
  [paths.admin.analytics.path, 'nav.adminAnalytics'],
  [paths.admin.config.path, 'nav.adminConfig'],
  [paths.admin.sites.path, 'nav.adminSites'],
  [paths.admin.customers.path, 'nav.adminCustomers'],
  [paths.admin.landing.path, 'nav.adminLanding'],
  [paths.admin.promotion.path, 'nav.adminPromotion'],
  [paths.admin.agency.path, 'nav.adminAgency'],
  [paths.admin.topups.path, 'nav.adminTopups'],
  [paths.admin.transactions.path, 'nav.adminTransactions'],
  [paths.admin.nodes.path, 'nav.adminNodes'],
  [paths.admin.suppliers.path, 'nav.adminSuppliers'],
  [paths.admin.v6.managePrice.path, 'nav.adminPrice'],
  [paths.admin.v6.managePackage.path, 'nav.adminPackage'],
  [paths.admin.v6.manageOrder.path, 'nav.adminOrder'],
  [paths.admin.v4.managePrice.path, 'nav.adminPrice'],
  [paths.admin.v4.managePackage.path, 'nav.adminPackage'],
  [paths.admin.v4.manageOrder.path, 'nav.adminOrder'],
  [paths.admin.rotating.proxyRotating.path, 'nav.adminRotatingProxy'],
  [paths.admin.rotating.manageOrderKey.path, 'nav.adminRotatingOrder'],
  [paths.admin.rotating.manageKey.path, 'nav.adminRotatingKey'],
  [paths.admin.root.path, 'nav.admin'],
];

/** The title key of `pathname`, or null for an address no route names (the site's title alone). */
export function routeTitleKey(pathname: string): TitleKey | null {
  for (const [pattern, key] of ROUTE_TITLES) {
    if (matchPath({ path: pattern, caseSensitive: false, end: true }, pathname)) {
      return key;
    }
  }
  return null;
}

/** Sets the tab title: "<page> · <site title>", in the current language. */
export function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const { title: siteTitle } = useSiteInfo();
  const { pathname } = useLocation();
  const key = routeTitleKey(pathname);
  const page = key ? t(key as never) : '';

  useEffect(() => {
    const parts = [page, siteTitle].filter(Boolean);
    if (parts.length > 0) {
      document.title = parts.join(' · ');
    }
  }, [page, siteTitle, i18n.language]);

  return null;
}
