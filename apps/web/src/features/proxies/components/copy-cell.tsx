import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/files';
import { notifyError, notifySuccess } from '@/lib/notify';

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(text)) {
      notifySuccess(t('common.copied'));
    } else {
      notifyError(t('common.copyFailed'));
    }
  };
  return (
    <Tooltip title={label ?? t('common.copy')}>
      <IconButton size="small" onClick={() => void copy()} aria-label={label ?? t('common.copy')}>
        <ContentCopy sx={{ fontSize: 16 }} />
      </IconButton>
    </Tooltip>
  );
}

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
