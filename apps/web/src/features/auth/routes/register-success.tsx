import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function RegisterSuccessRoute() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <CheckCircleOutline color="success" sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('auth.registerSuccess.title')}
      </Typography>
      <Typography color="text.secondary">{t('auth.registerSuccess.message')}</Typography>
      <Button
        component={Link}
        to={paths.auth.login.getHref()}
        variant="contained"
        size="large"
        fullWidth
        data-testid="register-success-login"
      >
        {t('auth.registerSuccess.login')}
      </Button>
    </Stack>
  );
}
