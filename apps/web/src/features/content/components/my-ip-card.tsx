import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { useMyIp } from '../api/content-queries';

/** "My IP": the address the server sees this browser come from (through a proxy: the proxy's). */
export function MyIpCard() {
  const { t } = useTranslation();
  const { data, isFetching, refetch } = useMyIp();
  return (
    <Stack spacing={1}>
      <Typography color="text.secondary">{t('content.tools.myIp.description')}</Typography>
      {data ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography
            variant="h5"
            component="p"
            sx={{ fontWeight: 700, fontFamily: 'monospace', overflowWrap: 'anywhere' }}
            data-testid="my-ip"
          >
            {data.ip}
          </Typography>
          <CopyButton text={data.ip} />
          <Typography variant="body2" color="text.secondary">
            {data.family}
          </Typography>
        </Stack>
      ) : (
        <Skeleton width={200} height={40} />
      )}
      {data?.userAgent && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('content.tools.myIp.userAgent')}: {data.userAgent}
        </Typography>
      )}
      <div>
        <Button onClick={() => void refetch()} disabled={isFetching}>
          {t('content.tools.myIp.refresh')}
        </Button>
      </div>
    </Stack>
  );
}
