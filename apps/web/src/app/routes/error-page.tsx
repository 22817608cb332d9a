import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { NotFoundRoute } from './not-found';

function ErrorContent() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundRoute />;
  }
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 520, px: 2 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('errorPage.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('errorPage.description')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('errorPage.reload')}
        </Button>
        <Button variant="outlined" href={paths.home.getHref()}>
          {t('errorPage.home')}
        </Button>
      </Stack>
    </Box>
  );
}

/** Plain markup only: this shows when the error page itself failed. */
function ErrorPageFailure() {
  return (
    <div style={{ textAlign: 'center', fontFamily: 'sans-serif' }}>
      <h1>{i18n.t('errorPage.fallbackTitle')}</h1>
      <a href={paths.home.getHref()}>{i18n.t('errorPage.home')}</a>
    </div>
  );
}

/** docs/screens.md#not-found: route errors show 'An error occurred' (404s the not-found page). */
export function ErrorPageRoute() {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <ErrorBoundary fallback={<ErrorPageFailure />}>
        <ErrorContent />
      </ErrorBoundary>
    </Box>
  );
}
