import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import CommentOutlined from '@mui/icons-material/CommentOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import SyncDisabledOutlined from '@mui/icons-material/SyncDisabledOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifySuccess } from '@/lib/notify';
import type { BatchAction } from './batch-actions';

/** The batch actions proxies and keys both have. */
export type ItemAction = 'renew' | 'autoRenewOn' | 'autoRenewOff' | 'comment' | 'export';

/** The shared actions as buttons, with a product's own ones between "comment" and "export". */
export function useItemActions<A extends string>(own: BatchAction<A>[]): BatchAction<A | ItemAction>[] {
  const { t } = useTranslation();
  return [
    { key: 'renew', label: t('proxies.actions.renew'), icon: <AutorenewOutlined /> },
    { key: 'autoRenewOn', label: t('proxies.actions.autoRenewOn'), icon: <SyncOutlined /> },
    { key: 'autoRenewOff', label: t('proxies.actions.autoRenewOff'), icon: <SyncDisabledOutlined /> },
    { key: 'comment', label: t('proxies.actions.comment'), icon: <CommentOutlined /> },
    ...own,
    { key: 'export', label: t('proxies.actions.export'), icon: <DownloadOutlined />, needsSelection: false },
  ];
}

/**
 * How an action's dialog ends: `close` without a change, or `done(message)`, the success handler
 * of its call, which tells the user and reports the change.
 */
export function useActionEnd(onDone: (changed: boolean) => void) {
  return {
    close: () => onDone(false),
    done: (message: string) => () => {
      notifySuccess(message);
      onDone(true);
    },
  };
}

interface AutoRenewDialogProps {
  on: boolean;
  /** What it applies to, e.g. "3 proxies". */
  message: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Auto-renew on or off for the chosen proxies or keys. */
export function AutoRenewDialog({ on, message, pending, onConfirm, onClose }: AutoRenewDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open
      title={t(on ? 'proxies.actions.autoRenewOn' : 'proxies.actions.autoRenewOff')}
      onConfirm={onConfirm}
      onClose={onClose}
      loading={pending}
      testId="auto-renew-dialog"
    >
      <DialogContentText>{message}</DialogContentText>
    </ConfirmDialog>
  );
}
