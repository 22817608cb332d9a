import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '@/lib/site-info';
import { useAgencyMembership } from '../api/get-agency-membership';

/** On sites with the agency program: the agency the customer joined at registration, if any. */
export function AgencyMembershipCard() {
  const { t } = useTranslation();
  const { showAgencyApi } = useSiteInfo();
  const membership = useAgencyMembership(showAgencyApi);
  if (!showAgencyApi || !membership.data) {
    return null;
  }
  const { agency, joinedAt } = membership.data;
  return (
    <Card data-testid="account-agency">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {t('agency.membership.title')}
        </Typography>
        {agency ? (
          <Stack spacing={1.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
              <Typography color="text.secondary" sx={{ minWidth: 140 }}>
                {t('agency.membership.member')}
              </Typography>
              <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }} data-testid="account-agency-name">
                {agency.name} ({agency.code})
              </Typography>
            </Stack>
            {joinedAt && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
                <Typography color="text.secondary" sx={{ minWidth: 140 }}>
                  {t('agency.membership.joinedAt')}
                </Typography>
                <Typography sx={{ fontWeight: 600 }}>{formatDateTime(joinedAt)}</Typography>
              </Stack>
            )}
          </Stack>
        ) : (
          <Typography color="text.secondary">{t('agency.membership.none')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
