import { useEffect } from 'react';
import { Outlet, useSearchParams } from 'react-router';
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
      <Outlet />
      <MaintenanceBanner />
    </>
  );
}
