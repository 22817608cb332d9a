import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSiteInfo } from '@/lib/site-info';

/** The public landing page (home layout). */
export function LandingRoute() {
  const { t } = useTranslation();
  const { title } = useSiteInfo();
  return (
    <Box
      sx={{
        flexGrow: 1,
        display: 'flex',
        alignItems: 'center',
        py: { xs: 6, md: 12 },
        background: (theme) =>
          `linear-gradient(160deg, ${theme.palette.primary.main}14 0%, ${theme.palette.background.default} 60%)`,
      }}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        {title && (
          <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 2, fontSize: { xs: 32, md: 48 } }}>
            {title}
          </Typography>
        )}
        <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 700, mb: 2 }}>
          {t('home.tagline')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4, fontSize: 18 }}>
          {t('home.pitch')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button
            component={Link}
            to={paths.auth.login.getHref()}
            variant="contained"
            size="large"
            data-testid="home-login"
          >
            {t('home.login')}
          </Button>
          <Button
            component={Link}
            to={paths.auth.register.getHref()}
            variant="outlined"
            size="large"
            data-testid="home-register"
          >
            {t('home.register')}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
