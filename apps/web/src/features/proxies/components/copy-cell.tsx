import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';

/** Monospace text with a copy button, e.g. a proxy line or a key. */
export function CopyCell({ text, copy, label }: { text: string; copy?: string; label?: string }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0, height: '100%' }}>
      <span style={{ fontFamily: 'monospace', overflow: 'hidden', textOverflow: 'ellipsis' }}>{text}</span>
      <CopyButton text={copy ?? text} label={label} />
    </Stack>
  );
}

/** A password shown as dots until revealed. */
export function SecretCell({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
      <span style={{ fontFamily: 'monospace' }} data-testid="proxy-password">
        {shown ? secret : '••••••••'}
      </span>
      <IconButton
        size="small"
        onClick={() => setShown((v) => !v)}
        aria-label={shown ? t('common.hidePassword') : t('common.showPassword')}
        data-testid="proxy-password-toggle"
      >
        {shown ? <VisibilityOff sx={{ fontSize: 16 }} /> : <Visibility sx={{ fontSize: 16 }} />}
      </IconButton>
    </Stack>
  );
}
