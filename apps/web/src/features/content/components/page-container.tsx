import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useAccessToken } from '@/lib/session';

/** The public pages sit in the app shell for a signed-in user and in a centred column for a visitor. */
export function PageContainer({ children }: { children: ReactNode }) {
  const token = useAccessToken();
  if (token) {
    return <Box sx={{ minWidth: 0 }}>{children}</Box>;
  }
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, flexGrow: 1, minWidth: 0 }}>
      {children}
    </Container>
  );
}
