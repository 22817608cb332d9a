import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import type { TMe } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatBalance } from '@/lib/format';
import { EMAIL_SLOT, TextWithEmail } from '@/components/email-text';

export function WelcomeCard({ me }: { me: TMe }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            <TextWithEmail text={t('dashboard.welcome', { email: EMAIL_SLOT })} email={me.email} />
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('dashboard.balance')}:{' '}
            <Box component="span" data-testid="dashboard-balance" sx={{ fontWeight: 700, color: 'primary.main' }}>
              {formatBalance(me.balance, t)}
            </Box>
          </Typography>
        </Box>
        <Button component={Link} to={paths.app.topup.getHref()} variant="contained" startIcon={<AddCardOutlined />}>
          {t('dashboard.topup')}
        </Button>
      </CardContent>
    </Card>
  );
}
