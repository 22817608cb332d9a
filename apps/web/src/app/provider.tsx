import { Suspense, useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { PageSpinner } from '@/components/page-spinner';
import { Toasts } from '@/components/toasts';
import { useSiteInfo } from '@/lib/site-info';
import { createAppTheme } from '@/lib/theme';
import { SiteBranding } from './site-branding';

function SiteTheme({ children }: { children: ReactNode }) {
  const { color } = useSiteInfo();
  // MUI's own ThemeProvider does just this for a theme without CSS variables, but it also brings
  // the CSS-variables provider (about 4 KB gzip) into the first download.
  const theme = useMemo(() => ({ ...createAppTheme(color), vars: null }), [color]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SiteBranding />
      {children}
      {/* docs/screens.md#error-messages: toasts bottom right for 3 s. */}
      <Toasts />
    </ThemeProvider>
  );
}

/**
 * Site branding, theme and toasts; the site info is loaded before anything shows. TanStack Query's
 * cache is not here but in the routes that use it (layouts/query-layout.tsx), which is every route
 * but the login page.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageSpinner fullScreen />}>
      <SiteTheme>{children}</SiteTheme>
    </Suspense>
  );
}
