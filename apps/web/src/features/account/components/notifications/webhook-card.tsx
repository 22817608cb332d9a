import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TNotifySettings } from '@proxy/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { notifySuccess } from '@/lib/notify';
import { useRotateWebhookSecret, useSaveNotifySettings, useSendTestPing } from '../../api/notifications';
import { DeliveriesGrid } from './deliveries-grid';

/** The signing secret, masked until shown, with a copy button. */
function WebhookSecret({ secret }: { secret: TNotifySettings['webhookSecret'] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2">{t('notifications.webhook.secret')}</Typography>
      {secret ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography
            data-testid="webhook-secret"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all', flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
          >
            {shown ? secret : `whsec_${'•'.repeat(24)}`}
          </Typography>
          <Button size="small" onClick={() => setShown((v) => !v)}>
            {shown ? t('notifications.webhook.hide') : t('notifications.webhook.show')}
          </Button>
          <CopyButton text={secret} />
        </Stack>
      ) : (
        <Typography color="text.secondary" variant="body2">
          {t('notifications.webhook.noSecret')}
        </Typography>
      )}
    </Stack>
  );
}

/** docs/guide.md#alerts-and-webhooks: the webhook URL, its signing secret, "send test" and the delivery log. */
export function WebhookCard({ settings }: { settings: TNotifySettings }) {
  const { t } = useTranslation();
  const save = useSaveNotifySettings();
  const rotate = useRotateWebhookSecret();
  const test = useSendTestPing();
  const [url, setUrl] = useState(settings.webhookUrl ?? '');
  const dirty = url.trim() !== (settings.webhookUrl ?? '');

  return (
    <Card data-testid="webhook-card">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
          {t('notifications.webhook.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('notifications.webhook.description')}
        </Typography>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={t('notifications.webhook.url')}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              helperText={t('notifications.webhook.urlHint')}
              placeholder="https://example.com/hooks/proxy"
              slotProps={{ htmlInput: { 'data-testid': 'webhook-url', maxLength: 2000 } }}
              sx={{ flex: 1 }}
            />
            <Button
              variant="contained"
              disabled={save.isPending || !dirty}
              data-testid="webhook-save"
              sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap' }}
              onClick={() =>
                save.mutate(
                  { webhookUrl: url.trim() === '' ? null : url.trim() },
                  { onSuccess: () => notifySuccess(t('notifications.alerts.saved')) },
                )
              }
            >
              {t('notifications.webhook.save')}
            </Button>
          </Stack>
          <WebhookSecret secret={settings.webhookSecret} />
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="outlined"
              disabled={rotate.isPending}
              onClick={() =>
                rotate.mutate(undefined, { onSuccess: () => notifySuccess(t('notifications.webhook.rotated')) })
              }
            >
              {t('notifications.webhook.rotate')}
            </Button>
            <Button
              variant="outlined"
              disabled={test.isPending || !settings.webhookUrl}
              data-testid="webhook-test"
              onClick={() =>
                test.mutate(undefined, { onSuccess: () => notifySuccess(t('notifications.webhook.testSent')) })
              }
            >
              {t('notifications.webhook.test')}
            </Button>
          </Stack>
          <DeliveriesGrid />
        </Stack>
      </CardContent>
    </Card>
  );
}
