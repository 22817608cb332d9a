import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TNotifySettings } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useSaveNotifySettings, useTelegramLink } from '../../api/notifications';

/** Telegram: linked chat and "Unlink", or "Link Telegram" giving the bot link and its one-time code. */
export function TelegramRow({ settings }: { settings: TNotifySettings }) {
  const { t } = useTranslation();
  const link = useTelegramLink();
  const save = useSaveNotifySettings();
  if (!settings.telegramAvailable && !settings.telegramChatId) {
    return (
      <Typography color="text.secondary" variant="body2">
        {t('notifications.alerts.telegram')}: {t('notifications.alerts.telegramUnavailable')}
      </Typography>
    );
  }
  return (
    <Stack spacing={1} data-testid="telegram-row">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ minWidth: 90 }}>{t('notifications.alerts.telegram')}</Typography>
        <Typography color="text.secondary" variant="body2" sx={{ flexGrow: 1 }}>
          {settings.telegramChatId
            ? t('notifications.alerts.telegramLinked', { chat: settings.telegramChatId })
            : t('notifications.alerts.telegramNotLinked')}
        </Typography>
        {settings.telegramChatId ? (
          <Button
            size="small"
            disabled={save.isPending}
            onClick={() =>
              save.mutate(
                { telegramChatId: null },
                { onSuccess: () => notifySuccess(t('notifications.alerts.unlinked')) },
              )
            }
          >
            {t('notifications.alerts.unlink')}
          </Button>
        ) : (
          <Button size="small" variant="outlined" disabled={link.isPending} onClick={() => link.mutate()}>
            {t('notifications.alerts.link')}
          </Button>
        )}
      </Stack>
      {link.data && !settings.telegramChatId && (
        <Typography variant="body2" data-testid="telegram-code">
          {t('notifications.alerts.linkHint', { code: link.data.code })}{' '}
          <Link href={link.data.url} target="_blank" rel="noopener noreferrer">
            {t('notifications.alerts.openBot')}
          </Link>
        </Typography>
      )}
    </Stack>
  );
}
