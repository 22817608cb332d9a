import DialogContentText from '@mui/material/DialogContentText';
import type { TKey } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteKeys } from '../api/delete-keys';
import { KEY_EXPORT_FORMATS, useExportKeys } from '../api/export-keys';
import { useRenewKeys } from '../api/renew-keys';
import { useSetKeysAutoRenew } from '../api/set-keys-auto-renew';
import { useUpdateKeys } from '../api/update-keys';
import { CommentDialog } from './comment-dialog';
import { ExportDialog } from './export-dialog';
import { RenewItemsDialog } from '@/components/renew-items-dialog';
import { AutoRenewDialog, useActionEnd, type ItemAction } from './item-actions';

export type KeyAction = ItemAction | 'delete';

type ActionEnd = ReturnType<typeof useActionEnd>;

function DeleteKeysDialog({ listKeyId, close, done }: { listKeyId: string[] } & ActionEnd) {
  const { t } = useTranslation();
  const remove = useDeleteKeys();
  const count = listKeyId.length;
  return (
    <ConfirmDialog
      open
      danger
      title={t('proxies.keys.deleteTitle')}
      confirmLabel={t('common.delete')}
      onConfirm={() => remove.mutate(listKeyId, { onSuccess: done(t('proxies.keys.deleted', { count })) })}
      onClose={close}
      loading={remove.isPending}
      testId="delete-keys-dialog"
    >
      <DialogContentText>{t('proxies.keys.deleteMessage', { count })}</DialogContentText>
    </ConfirmDialog>
  );
}

/** The dialog of one batch action on the chosen keys, and its call. */
export function KeyActionDialogs({
  action,
  keys,
  onDone,
}: {
  action: KeyAction;
  keys: TKey[];
  onDone: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const renew = useRenewKeys();
  const update = useUpdateKeys();
  const autoRenew = useSetKeysAutoRenew();
  const exporter = useExportKeys();
  const listKeyId = keys.map((k) => k.id);
  const count = keys.length;
  const { close, done } = useActionEnd(onDone);

  switch (action) {
    case 'renew':
      return (
        <RenewItemsDialog
          product="key"
          items={keys}
          pending={renew.isPending}
          onClose={close}
          onConfirm={(period) =>
            renew.mutate({ listKeyId, period }, { onSuccess: done(t('proxies.renew.success', { count })) })
          }
        />
      );
    case 'autoRenewOn':
    case 'autoRenewOff': {
      const on = action === 'autoRenewOn';
      return (
        <AutoRenewDialog
          on={on}
          message={t('proxies.keys.appliesTo', { count })}
          pending={autoRenew.isPending}
          onConfirm={() => autoRenew.mutate({ listKeyId, autoRenew: on }, { onSuccess: done(t('common.updated')) })}
          onClose={close}
        />
      );
    }
    case 'comment':
      return (
        <CommentDialog
          items={keys}
          pending={update.isPending}
          onClose={close}
          onConfirm={(comment) => update.mutate({ listKeyId, comment }, { onSuccess: done(t('common.updated')) })}
        />
      );
    case 'delete':
      return <DeleteKeysDialog listKeyId={listKeyId} close={close} done={done} />;
    case 'export':
      return (
        <ExportDialog
          formats={KEY_EXPORT_FORMATS}
          withTemplate={false}
          pending={exporter.isPending}
          onClose={close}
          onConfirm={({ format }) => exporter.mutate(format, { onSuccess: () => onDone(false) })}
        />
      );
  }
}
