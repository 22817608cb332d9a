import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** A landing section: an anchor, a heading and its content. */
export function Section({
  id,
  title,
  children,
  tinted,
}: {
  id: string;
  title?: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <Box component="section" id={id} sx={{ py: { xs: 4, md: 6 }, bgcolor: tinted ? 'action.hover' : undefined }}>
      <Container maxWidth="lg">
        {title && (
          <Typography
            variant="h4"
            component="h2"
            sx={{ fontWeight: 700, mb: 3, fontSize: { xs: 24, md: 32 }, textAlign: 'center' }}
          >
            {title}
          </Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}
