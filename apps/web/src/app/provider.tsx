import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider } from '@tanstack/react-query';
import { PageSpinner } from '@/components/page-spinner';
import { Toasts } from '@/components/toasts';
import { queryClient } from '@/lib/query-client';
import { useAccessToken } from '@/lib/session';
import { useSiteInfo } from '@/lib/site-info';
import { createAppTheme } from '@/lib/theme';
import { SiteBranding } from './site-branding';

// Only a signed-in user has a realtime stream: visitors (the login page) do not download it.
const RealtimeEvents = lazy(() => import('./realtime-events').then((m) => ({ default: m.RealtimeEvents })));

function SiteTheme({ children }: { children: ReactNode }) {
  const { color } = useSiteInfo();
  // MUI's own ThemeProvider does just this for a theme without CSS variables, but it also brings
  // the CSS-variables provider (about 4 KB gzip) into the first download.
  const theme = useMemo(() => ({ ...createAppTheme(color), vars: null }), [color]);
  const signedIn = useAccessToken() !== null;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SiteBranding />
      {children}
      {signedIn && (
        <Suspense fallback={null}>
          <RealtimeEvents />
        </Suspense>
      )}
      {/* docs/screens.md#error-messages: toasts bottom right for 3 s. */}
      <Toasts />
    </ThemeProvider>
  );
}

/** Data, site branding, theme and toasts; the site info is loaded before anything shows. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageSpinner fullScreen />}>
        <SiteTheme>{children}</SiteTheme>
      </Suspense>
    </QueryClientProvider>
  );
}
