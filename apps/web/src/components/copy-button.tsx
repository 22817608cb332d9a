import { useEffect, useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
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

/** How long the "copied" mark stays beside a field; it only confirms, nothing waits on it. */
const COPIED_MARK_MS = 2500;

/**
 * A small copy icon, e.g. beside a proxy line, a transfer code or an account number. With `mark`
 * a successful copy turns it into a tick with "Copied" beside it instead of a toast (in a dialog
 * whose fields each have one); the tooltip then opens to the left, where it covers no other button.
 */
export function CopyButton({
  text,
  label,
  testId,
  mark = false,
}: {
  text: string;
  label?: string;
  testId?: string;
  mark?: boolean;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const messages = { copied: t('common.copied'), failed: t('common.copyFailed') };
  const copy = async () => {
    if (!mark) {
      await copyWithToast(text, messages);
    } else if (await copyText(text)) {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MARK_MS);
    } else {
      notifyError(messages.failed);
    }
  };
  const button = (
    <Tooltip title={label ?? t('common.copy')} placement={mark ? 'left' : 'bottom'}>
      <IconButton size="small" onClick={() => void copy()} aria-label={label ?? t('common.copy')} data-testid={testId}>
        {copied ? (
          <CheckOutlined sx={{ fontSize: 18 }} color="success" />
        ) : (
          <ContentCopy sx={{ fontSize: mark ? 18 : 16 }} />
        )}
      </IconButton>
    </Tooltip>
  );
  if (!mark) {
    return button;
  }
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      {copied && (
        <Typography variant="caption" color="success.main" data-testid={`${testId}-copied`} sx={{ mr: 0.5 }}>
          {messages.copied}
        </Typography>
      )}
      {button}
    </Stack>
  );
}
