import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useTelegramBot, useUpdateTelegramBot } from '../api/telegram-bot';

/** The site's Telegram bot for customers' alerts (docs/guide.md#alerts-and-webhooks). */
export function TelegramBotForm() {
  const { t } = useTranslation();
  const bot = useTelegramBot();
  const update = useUpdateTelegramBot();
  const [token, setToken] = useState('');
  const [apiBase, setApiBase] = useState<string | null>(null);
  const base = apiBase ?? bot.data?.apiBase ?? 'https://api.telegram.org';
  return (
    <Stack spacing={1.5} data-testid="telegram-bot">
      <Typography variant="body2" color="text.secondary">
        {bot.data?.configured
          ? t('notifications.adminBot.configured', { username: bot.data.username ?? '' })
          : t('notifications.adminBot.notConfigured')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          size="small"
          type="password"
          label={t('notifications.adminBot.token')}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          autoComplete="off"
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          label={t('notifications.adminBot.apiBase')}
          value={base}
          onChange={(e) => setApiBase(e.target.value)}
          sx={{ flex: 1 }}
        />
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={token.trim() === ''}
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { botToken: token.trim(), apiBase: base.trim() },
                {
                  onSuccess: () => {
                    setToken('');
                    notifySuccess(t('common.updated'));
                  },
                },
              )
            }
          >
            {t('common.save')}
          </Button>
          {bot.data?.configured && (
            <Button
              color="error"
              disabled={update.isPending}
              onClick={() => update.mutate({ botToken: null }, { onSuccess: () => notifySuccess(t('common.updated')) })}
            >
              {t('notifications.adminBot.remove')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Stack>
  );
}
