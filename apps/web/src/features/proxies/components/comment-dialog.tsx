import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { muiField } from '@/lib/form';

export const MAX_COMMENT_LENGTH = 500;

interface CommentDialogProps {
  items: { comment: string }[];
  pending: boolean;
  onConfirm: (comment: string) => void;
  onClose: () => void;
}

/** One comment for the chosen proxies or keys (empty clears it); a single one starts from its own. */
export function CommentDialog({ items, pending, onConfirm, onClose }: CommentDialogProps) {
  const { t } = useTranslation();
  const count = items.length;
  const { register, handleSubmit } = useForm({
    defaultValues: { comment: count === 1 ? (items[0]?.comment ?? '') : '' },
  });
  const submit = handleSubmit(({ comment }) => onConfirm(comment.trim()));
  return (
    <ConfirmDialog
      open
      title={t('proxies.comment.title')}
      confirmLabel={t('common.save')}
      onConfirm={() => void submit()}
      onClose={onClose}
      loading={pending}
      testId="comment-dialog"
    >
      <Stack spacing={2}>
        <DialogContentText>{t('proxies.appliesTo', { count })}</DialogContentText>
        <TextField
          {...muiField(register('comment'))}
          label={t('proxies.columns.comment')}
          multiline
          minRows={2}
          autoFocus
          slotProps={{ htmlInput: { maxLength: MAX_COMMENT_LENGTH, 'data-testid': 'comment-input' } }}
        />
      </Stack>
    </ConfirmDialog>
  );
}
