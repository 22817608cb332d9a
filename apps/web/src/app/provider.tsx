import { Suspense, useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { PageSpinner } from '@/components/page-spinner';
import { Toasts } from '@/components/toasts';
import { queryClient } from '@/lib/query-client';
import { useSiteInfo } from '@/lib/site-info';
import { createAppTheme } from '@/lib/theme';
import { RealtimeEvents } from './realtime-events';
import { SiteBranding } from './site-branding';

function SiteTheme({ children }: { children: ReactNode }) {
  const { color } = useSiteInfo();
  const theme = useMemo(() => createAppTheme(color), [color]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SiteBranding />
      {children}
      <RealtimeEvents />
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
