import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TTopupInstructions } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { safeHttpUrl } from '@/lib/safe-navigate';

type SciForm = NonNullable<TTopupInstructions['form']>;

/** Perfect Money SCI: the browser posts the payment form to Perfect Money, at once. */
export function PerfectMoneyForm({ form }: { form: SciForm }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLFormElement>(null);
  // A form posts to its action like a navigation: only to an http(s) URL (lib/safe-navigate).
  const action = safeHttpUrl(form.action);

  useEffect(() => {
    if (action) {
      ref.current?.submit();
    }
  }, [form, action]);

  if (!action) {
    return null;
  }
  return (
    <form ref={ref} action={action} method={form.method} data-testid="topup-pm-form">
      {Object.entries(form.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography color="text.secondary">{t('topup.provider.redirecting')}</Typography>
        {/* If the automatic post is blocked, the payer can still send it. */}
        <Button type="submit" variant="contained">
          {t('topup.provider.continue')}
        </Button>
      </Stack>
    </form>
  );
}
