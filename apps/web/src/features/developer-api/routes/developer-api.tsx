import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { useApiInfo, useFreshKey } from '../api/developer-api';
import { AllowedIpsCard } from '../components/allowed-ips-card';
import { ApiKeyCard } from '../components/api-key-card';
import { ApiReference } from '../components/api-reference';
import { KEY_PLACEHOLDER } from '../utils/snippets';

/** docs/screens.md#developer-api: /api on sites with the Agency and API menus (key, allowed IPs, documentation). */
export function DeveloperApiRoute() {
  const { t } = useTranslation();
  const { data: info } = useApiInfo();
  const freshKey = useFreshKey();
  if (!info) {
    return <PageSpinner />;
  }
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('developer.title')}
      </Typography>
      <Typography color="text.secondary">{t('developer.intro')}</Typography>
      <ApiKeyCard info={info} freshKey={freshKey} />
      <AllowedIpsCard key={info.allowedIps.join()} allowedIps={info.allowedIps} />
      <ApiReference apiKey={freshKey ?? KEY_PLACEHOLDER} rateLimitPerMin={info.rateLimitPerMin} />
    </Stack>
  );
}
