import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { useMe } from '@/lib/auth';
import { ActivityCard } from '../components/activity-card';
import { AgencyMembershipCard } from '../components/agency-membership-card';
import { AutoRenewCard } from '../components/auto-renew-card';
import { NotificationCards } from '../components/notifications/notification-cards';
import { ProfileCard } from '../components/profile-card';
import { TransactionsCard } from '../components/transactions-card';
import { TwoFactorCard } from '../components/two-factor-card';

export function AccountRoute() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  if (!me) {
    return <PageSpinner />;
  }
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('account.title')}
      </Typography>
      <ProfileCard me={me} />
      <AgencyMembershipCard />
      <TwoFactorCard enabled={me.twoFactorEnabled} />
      <AutoRenewCard enabled={me.autoRenewPrivate} />
      <NotificationCards />
      <TransactionsCard />
      <ActivityCard />
    </Stack>
  );
}
