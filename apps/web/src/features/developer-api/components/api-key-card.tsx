import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type TApiInfo } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyButton } from '@/components/copy-button';
import { notifySuccess } from '@/lib/notify';
import { useGenerateKey } from '../api/developer-api';
import { formatNumber } from '@/lib/format';

/** docs/screens.md#developer-api: the key (masked, or whole once right after generating), copy and regenerate. */
export function ApiKeyCard({ info, freshKey }: { info: TApiInfo; freshKey: string | null }) {
  const { t } = useTranslation();
  const generate = useGenerateKey();
  const [confirming, setConfirming] = useState(false);
  const shown = freshKey ?? info.apiKey;
  const run = () =>
    generate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifySuccess(t('developer.key.created'));
      },
    });
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('developer.key.title')}
        </Typography>
        {shown ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, minWidth: 0 }}>
            <Box
              component="code"
              data-testid="api-key-value"
              sx={{
                fontFamily: 'monospace',
                bgcolor: 'action.hover',
                px: 1,
                py: 0.5,
                borderRadius: 1,
                wordBreak: 'break-all',
              }}
            >
              {shown}
            </Box>
            {freshKey && <CopyButton text={freshKey} label={t('developer.key.copy')} testId="api-key-copy" />}
          </Stack>
        ) : (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('developer.key.none')}
          </Typography>
        )}
        {shown && (
          <Alert severity={freshKey ? 'warning' : 'info'} sx={{ mb: 2 }}>
            {freshKey ? t('developer.key.fresh') : t('developer.key.masked')}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Button
            variant="contained"
            data-testid="api-key-generate"
            onClick={() => (info.apiKey ? setConfirming(true) : run())}
            loading={generate.isPending && !confirming}
          >
            {info.apiKey ? t('developer.key.regenerate') : t('developer.key.generate')}
          </Button>
          <Typography variant="body2" color="text.secondary" data-testid="api-usage">
            {t('developer.key.usage', {
              requests: formatNumber(info.requestsToday),
              limit: formatNumber(info.rateLimitPerMin),
            })}
          </Typography>
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('developer.key.confirmTitle')}
        confirmLabel={t('developer.key.confirm')}
        onConfirm={run}
        onClose={() => setConfirming(false)}
        loading={generate.isPending}
        danger
        testId="api-key-confirm"
      >
        <Typography>{t('developer.key.confirmText')}</Typography>
      </ConfirmDialog>
    </Card>
  );
}
