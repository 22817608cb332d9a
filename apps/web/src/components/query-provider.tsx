import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';

/**
 * The app's query cache for what is under it. It is mounted by the routes that use TanStack Query
 * (app/layouts/query-layout.tsx) and by the dialogs the login page loads on demand, not by the
 * shell: the login page's first download does not hold TanStack Query
 * (docs/development.md#the-web-bundle).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
