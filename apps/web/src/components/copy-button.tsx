import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/files';
import { notifyError, notifySuccess } from '@/lib/notify';

/** Copies `text` and says so in a toast (or asks for a manual copy where the browser refuses). */
export async function copyWithToast(text: string, messages: { copied: string; failed: string }): Promise<void> {
  if (await copyText(text)) {
    notifySuccess(messages.copied);
  } else {
    notifyError(messages.failed);
  }
}

/** A small copy icon, e.g. beside a proxy line, a transfer code or an account number. */
export function CopyButton({ text, label, testId }: { text: string; label?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={label ?? t('common.copy')}>
      <IconButton
        size="small"
        onClick={() => void copyWithToast(text, { copied: t('common.copied'), failed: t('common.copyFailed') })}
        aria-label={label ?? t('common.copy')}
        data-testid={testId}
      >
        <ContentCopy sx={{ fontSize: 16 }} />
      </IconButton>
    </Tooltip>
  );
}
