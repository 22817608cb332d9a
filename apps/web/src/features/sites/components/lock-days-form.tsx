import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LOCK_DAYS, ZSiteSettings } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useUpdateSiteSettings } from '../api/update-site-settings';

/** The days from a proxy's expiry to its lock, when its port and address go back to the pool. */
export function LockDaysForm({ lockDays }: { lockDays: number }) {
  const { t } = useTranslation();
  const update = useUpdateSiteSettings();
  const [text, setText] = useState(String(lockDays));
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  const valid = ZSiteSettings.shape.lockDays.safeParse(value).success;
  const range = { min: LOCK_DAYS.min, max: LOCK_DAYS.max };

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('admin.config.lockDaysHelp', { default: LOCK_DAYS.default })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          type="number"
          label={t('admin.config.lockDays')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={!valid}
          helperText={valid ? ' ' : t('admin.config.lockDaysInvalid', range)}
          sx={{ maxWidth: { sm: 220 } }}
          slotProps={{ htmlInput: { ...range, step: 1, 'data-testid': 'site-lock-days' } }}
        />
        <Button
          variant="contained"
          disabled={!valid}
          loading={update.isPending}
          onClick={() =>
            // Keyed by the saved value (remounts on success): the promise outlives the form.
            void update.mutateAsync({ lockDays: value }).then(
              () => notifySuccess(t('common.updated')),
              () => undefined,
            )
          }
          data-testid="site-lock-days-save"
        >
          {t('common.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
