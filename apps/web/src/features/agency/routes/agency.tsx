import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { useMe } from '@/lib/auth';
import { useMyAgency } from '../api/get-agency';
import { AgencyInfoCard } from '../components/agency-info-card';
import { CreateAgencyCard } from '../components/create-agency-card';
import { MembersCard } from '../components/members-card';
import { StatsCard } from '../components/stats-card';

/** /agency: apply for an agency, or run one (details, referral link, statistics, members, transfers). */
export function AgencyRoute() {
  const { t } = useTranslation();
  const me = useMe();
  const owns = Boolean(me.data?.ownerAgency);
  const agency = useMyAgency(owns);
  if (me.isPending || (owns && agency.isPending)) {
    return <PageSpinner />;
  }
  return (
    <Stack spacing={2}>
      <PageHeader title={t('agency.title')} />
      {owns && agency.data ? (
        <>
          <AgencyInfoCard agency={agency.data} />
          <StatsCard />
          <MembersCard canTransfer={agency.data.status === 'active'} />
        </>
      ) : (
        <CreateAgencyCard />
      )}
    </Stack>
  );
}
