import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation, useSearchParams } from 'react-router';
import { MaintenanceBanner } from '@/components/maintenance-banner';
import { RouteProgress } from '@/components/route-progress';
import { chooseLanguage, currentLanguage, isLocale } from '@/lib/i18n';
import { useSiteInfo } from '@/lib/site-info';
import { DocumentTitle } from '../document-title';

/** Above every layout: the route progress bar, and `?lang=` on any address (docs/product-rules.md#languages). */
export function RootLayout() {
  const { forceEnglish } = useSiteInfo();
  const [searchParams] = useSearchParams();
  const lang = searchParams.get('lang');

  useEffect(() => {
    if (!forceEnglish && isLocale(lang) && lang !== currentLanguage()) {
      chooseLanguage(lang);
    }
  }, [forceEnglish, lang]);

  return (
    <>
      <DocumentTitle />
      <RouteProgress />
      <RouteShown />
      <Outlet />
      <MaintenanceBanner />
    </>
  );
}

/**
 * `<html data-route>`: the address whose route the page shows, written once the router is idle and
 * the route's elements are on the page. A test that moves inside the app (history and popstate,
 * as the back button does) waits for it, since the address bar changes before the route renders.
 */
function RouteShown() {
  const navigation = useNavigation();
  const location = useLocation();
  useEffect(() => {
    if (navigation.state === 'idle') {
      document.documentElement.dataset.route = location.pathname + location.search;
    }
  }, [navigation.state, location]);
  return null;
}
