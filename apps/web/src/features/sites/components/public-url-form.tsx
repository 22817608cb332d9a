import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZPaymentPublicUrlUpdate } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useUpdatePublicUrl } from '../api/update-public-url';

/** The public base URL for provider return addresses and webhooks; empty means the request's origin. */
export function PublicUrlForm({ publicUrl }: { publicUrl: string | null }) {
  const { t } = useTranslation();
  const update = useUpdatePublicUrl();
  const [text, setText] = useState(publicUrl ?? '');
  const value = text.trim() === '' ? null : text.trim().replace(/\/+$/, '');
  const valid = ZPaymentPublicUrlUpdate.safeParse({ publicUrl: value }).success;

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('admin.payments.publicUrlHelp', { origin: window.location.origin })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          label={t('admin.payments.publicUrl')}
          placeholder={window.location.origin}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={!valid}
          helperText={valid ? ' ' : t('admin.payments.publicUrlInvalid')}
          sx={{ flexGrow: 1, maxWidth: { sm: 480 } }}
          slotProps={{ htmlInput: { 'data-testid': 'payment-public-url' } }}
        />
        <Button
          variant="contained"
          disabled={!valid}
          loading={update.isPending}
          onClick={() =>
            // Keyed by the saved value (remounts on success): the promise outlives the form.
            void update.mutateAsync(value).then(
              () => notifySuccess(t('common.updated')),
              () => undefined,
            )
          }
          data-testid="payment-public-url-save"
        >
          {t('common.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
