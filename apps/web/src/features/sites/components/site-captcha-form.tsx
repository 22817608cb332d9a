import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZRecaptchaKeys, type TSiteAdmin } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { notifySuccess } from '@/lib/notify';
import { useUpdateSite } from '../api/sites-admin';

/** The captcha group: reCAPTCHA keys (the secret is write-only), or back to the built-in ALTCHA. */
export function SiteCaptchaForm({ site }: { site: TSiteAdmin }) {
  const { t } = useTranslation();
  const update = useUpdateSite();
  const [siteKey, setSiteKey] = useState(site.recaptchaSiteKey ?? '');
  const [secretKey, setSecretKey] = useState('');
  const body = { siteKey: siteKey.trim(), ...(secretKey.trim() ? { secretKey: secretKey.trim() } : {}) };
  const valid = ZRecaptchaKeys.safeParse(body).success && (site.recaptchaSecretSet || body.secretKey !== undefined);
  // Keyed by the saved site key (remounts on success): a mutate() callback would be dropped.
  const saved = () => notifySuccess(t('common.updated'));
  return (
    <Stack spacing={1.5} data-testid="site-captcha">
      <Typography variant="body2" color="text.secondary">
        {t('sites.help.captcha')}
      </Typography>
      <Typography variant="body2" data-testid="site-captcha-current">
        {t('sites.captcha.current', { provider: site.recaptchaSiteKey ? 'reCAPTCHA' : 'ALTCHA' })}
      </Typography>
      <TextField
        size="small"
        label={t('sites.captcha.siteKey')}
        value={siteKey}
        onChange={(event) => setSiteKey(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'site-captcha-site-key' } }}
      />
      <PasswordField
        label={t('sites.captcha.secretKey')}
        value={secretKey}
        onChange={(event) => setSecretKey(event.target.value)}
        helperText={site.recaptchaSecretSet ? t('sites.captcha.secretSet') : ' '}
        autoComplete="off"
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          disabled={!valid}
          loading={update.isPending}
          onClick={() =>
            void update.mutateAsync({ id: site.id, body: { recaptcha: body } }).then(saved, () => undefined)
          }
          data-testid="site-captcha-save"
        >
          {t('common.save')}
        </Button>
        {site.recaptchaSiteKey && (
          <Button
            disabled={update.isPending}
            onClick={() =>
              void update.mutateAsync({ id: site.id, body: { recaptcha: null } }).then(saved, () => undefined)
            }
          >
            {t('sites.captcha.useAltcha')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
