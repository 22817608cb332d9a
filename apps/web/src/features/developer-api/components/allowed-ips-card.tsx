import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { parseAllowedIps } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useSetAllowedIps } from '../api/developer-api';

/**
 * docs/screens.md#developer-api: the 1–3 IPv4 addresses the key works from, typed comma-separated
 * (docs/product-rules.md#auth-ips). The server refuses a bad list (INVALID_IP) or the saved one again (SAME_OLD_AUTH_IP).
 * The parent keys it by the saved list, so a saved change starts the field afresh.
 */
export function AllowedIpsCard({ allowedIps }: { allowedIps: string[] }) {
  const { t } = useTranslation();
  const save = useSetAllowedIps();
  const saved = allowedIps.join(', ');
  const [text, setText] = useState(saved);
  const [touched, setTouched] = useState(false);
  const ips = parseAllowedIps(text);
  const invalid = touched && ips === null;
  const submit = () => {
    setTouched(true);
    if (ips) {
      save.mutate({ allowedIps: ips }, { onSuccess: () => notifySuccess(t('developer.ips.saved')) });
    }
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('developer.ips.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {allowedIps.length ? t('developer.ips.help') : `${t('developer.ips.help')} ${t('developer.ips.none')}`}
        </Typography>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'flex-start' } }}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TextField
            label={t('developer.ips.label')}
            placeholder={t('developer.ips.placeholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onBlur={() => setTouched(true)}
            error={invalid}
            helperText={invalid ? t('developer.ips.invalid') : ' '}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'api-allowed-ips', maxLength: 200 } }}
          />
          <Button
            type="submit"
            variant="contained"
            loading={save.isPending}
            data-testid="api-allowed-ips-save"
            sx={{ mt: { sm: 1 } }}
          >
            {t('developer.ips.save')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
