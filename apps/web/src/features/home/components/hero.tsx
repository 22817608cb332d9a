import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The landing's title and description from the CMS (the built-in texts when the CMS has none). */
export function Hero({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        py: { xs: 5, md: 10 },
        background: (theme) =>
          `linear-gradient(160deg, ${theme.palette.primary.main}14 0%, ${theme.palette.background.default} 70%)`,
      }}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Typography
          variant="h3"
          component="h1"
          data-testid="landing-title"
          sx={{ fontWeight: 800, mb: 2, fontSize: { xs: 30, md: 46 }, overflowWrap: 'anywhere' }}
        >
          {title || t('home.tagline')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4, fontSize: { xs: 16, md: 18 } }}>
          {description || t('home.pitch')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button component="a" href="#pricing" variant="contained" size="large" data-testid="home-prices">
            {t('content.home.seePrices')}
          </Button>
          <Button
            component={Link}
            to={paths.auth.login.getHref()}
            variant="outlined"
            size="large"
            data-testid="home-login"
          >
            {t('home.login')}
          </Button>
          <Button
            component={Link}
            to={paths.auth.register.getHref()}
            variant="text"
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
