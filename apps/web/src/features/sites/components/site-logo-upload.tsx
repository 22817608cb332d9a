import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { LOGO_MAX_BYTES, type TSiteAdmin } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUploadLogo } from '../api/sites-admin';

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The site's logo and an upload button (PNG, JPEG or WebP; the server checks the bytes too). */
export function SiteLogoUpload({ site }: { site: TSiteAdmin }) {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  const input = useRef<HTMLInputElement>(null);
  const kb = LOGO_MAX_BYTES / 1024;
  const pick = (file: File | undefined) => {
    if (!file) {
      return;
    }
    if (!TYPES.includes(file.type)) {
      notifyError(t('sites.logo.wrongType'));
    } else if (file.size > LOGO_MAX_BYTES) {
      notifyError(t('sites.logo.tooBig', { kb }));
    } else {
      upload.mutate({ id: site.id, file }, { onSuccess: () => notifySuccess(t('sites.logo.uploaded')) });
    }
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Box
        component="img"
        src={site.logo}
        alt={t('sites.logo.label')}
        data-testid="site-logo-preview"
        sx={{ width: 56, height: 56, objectFit: 'contain', borderRadius: 1, border: 1, borderColor: 'divider' }}
      />
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Button
          variant="outlined"
          startIcon={<UploadOutlined />}
          loading={upload.isPending}
          onClick={() => input.current?.click()}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('sites.logo.upload')}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t('sites.logo.help', { kb })}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          accept={TYPES.join(',')}
          data-testid="site-logo-input"
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Stack>
    </Stack>
  );
}
