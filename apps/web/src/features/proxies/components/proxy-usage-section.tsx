import { lazy, Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';

// The charts are their own chunk: /manage-proxy loads them only when a proxy's details open.
const ProxyUsage = lazy(() => import('./proxy-usage'));

/** The traffic section of a proxy's details drawer (live chart, history, quota). */
export function ProxyUsageSection({ proxyId }: { proxyId: string }) {
  return (
    <Suspense fallback={<LinearProgress sx={{ my: 2 }} />}>
      <ProxyUsage proxyId={proxyId} />
    </Suspense>
  );
}
