import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import { formatDateTime, type TMe } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { formatBalance } from '@/lib/format';
import { ChangePasswordDialog } from './change-password-dialog';
import { EmailText } from '@/components/email-text';

function Field({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <Typography color="text.secondary" sx={{ minWidth: 140 }}>
        {label}
      </Typography>
      <Typography data-testid={testId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Stack>
  );
}

/** docs/screens.md#account: email, balance, created date and the change-password dialog. */
export function ProfileCard({ me }: { me: TMe }) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState(false);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {t('account.profile')}
        </Typography>
        <Stack spacing={1.5} sx={{ mb: 2 }}>
          <Field label={t('common.email')} value={<EmailText email={me.email} />} testId="account-email" />
          <Field label={t('account.balance')} value={formatBalance(me.balance, t)} testId="account-balance" />
          <Field label={t('account.createdAt')} value={formatDateTime(me.createdAt)} testId="account-created" />
        </Stack>
        <Button
          variant="outlined"
          startIcon={<LockResetOutlined />}
          data-testid="account-change-password"
          onClick={() => setChanging(true)}
        >
          {t('account.changePassword')}
        </Button>
      </CardContent>
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
    </Card>
  );
}
