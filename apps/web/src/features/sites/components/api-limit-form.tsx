import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { API_RATE_LIMIT, ZSiteSettings } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useUpdateSiteSettings } from '../api/update-site-settings';

/** The developer API's requests per minute per key (docs/wire-contract.md#developer-api). */
export function ApiLimitForm({ limit }: { limit: number }) {
  const { t } = useTranslation();
  const update = useUpdateSiteSettings();
  const [text, setText] = useState(String(limit));
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  const valid = ZSiteSettings.shape.apiRateLimitPerMin.safeParse(value).success;
  const range = { min: API_RATE_LIMIT.min, max: API_RATE_LIMIT.max };
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('developer.admin.limitHelp', { default: API_RATE_LIMIT.default })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          type="number"
          label={t('developer.admin.limit')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={!valid}
          helperText={valid ? ' ' : t('developer.admin.limitInvalid', range)}
          sx={{ maxWidth: { sm: 260 } }}
          slotProps={{ htmlInput: { ...range, step: 1, 'data-testid': 'site-api-limit' } }}
        />
        <Button
          variant="contained"
          disabled={!valid}
          loading={update.isPending}
          onClick={() =>
            // The form is keyed by the saved value, so it remounts on success: a callback of
            // mutate() would be dropped with it, the promise is not (errors toast globally).
            void update.mutateAsync({ apiRateLimitPerMin: value }).then(
              () => notifySuccess(t('common.updated')),
              () => undefined,
            )
          }
          data-testid="site-api-limit-save"
        >
          {t('common.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
