import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAccessToken } from '@/lib/session';

/** docs/screens.md#not-found: home is the dashboard for a signed-in user, the landing for a visitor. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const signedIn = useAccessToken() !== null;
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 560, px: 2 }}>
      <Typography variant="h1" component="p" color="primary" sx={{ fontWeight: 800, fontSize: { xs: 72, sm: 112 } }}>
        {t('notFound.code')}
      </Typography>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('notFound.description')}
      </Typography>
      <Button
        component={Link}
        to={signedIn ? paths.app.dashboard.getHref() : paths.home.getHref()}
        variant="contained"
        size="large"
        data-testid="not-found-home"
      >
        {signedIn ? t('notFound.dashboard') : t('notFound.home')}
      </Button>
    </Box>
  );
}
