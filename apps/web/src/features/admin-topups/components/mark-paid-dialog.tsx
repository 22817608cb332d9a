import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type TAdminTopup } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { formatMoney } from '@/lib/format';
import { ledgerText } from '@/lib/ledger-text';
import { notifyError, notifySuccess } from '@/lib/notify';
import { listUsers } from '@/lib/admin-users';
import { useMarkTopupPaid } from '../api/mark-topup-paid';
import { parseUserRef } from '../utils/user-ref';

/** The customer of an email (the admin list searches by email), or null. */
async function findUserIdByEmail(email: string): Promise<string | null> {
  const page = await listUsers({ page: 1, limit: 25, search: email });
  return page.items.find((u) => u.email.toLowerCase() === email)?.id ?? null;
}

/** Whom to credit: the top-up's own user (undefined), a user id as typed, or the customer of an email. */
function useCreditedUser() {
  const { t } = useTranslation();
  const [looking, setLooking] = useState(false);
  /** null: the text names nobody, and the admin was told. */
  const resolve = async (text: string, required: boolean): Promise<string | undefined | null> => {
    if (!text.trim() && !required) {
      return undefined;
    }
    const ref = parseUserRef(text);
    if (!ref) {
      notifyError(t('admin.topups.userInvalid'));
      return null;
    }
    if ('id' in ref) {
      return ref.id;
    }
    setLooking(true);
    let userId: string | null;
    try {
      userId = await findUserIdByEmail(ref.email);
    } finally {
      setLooking(false);
    }
    if (!userId) {
      notifyError(t('errors.USER_NOT_EXISTS'));
    }
    return userId;
  };
  return { resolve, looking };
}

/**
 * Mark a top-up paid (PUT /api/bill/admin/topup/:id): credits its user, or, for an unmatched
 * transfer, the customer given by email or id; the amount may differ from the one announced.
 */
export function MarkPaidDialog({ topup, onClose }: { topup: TAdminTopup; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const markPaid = useMarkTopupPaid();
  const [user, setUser] = useState('');
  const [amountText, setAmountText] = useState(String(topup.amount));
  const [note, setNote] = useState('');
  const { resolve: resolveUser, looking } = useCreditedUser();
  const needsUser = topup.userId === null;

  const submit = async () => {
    const amount = Number(amountText.replace(/[.,\s]/g, ''));
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      notifyError(t('admin.customers.amountInvalid'));
      return;
    }
    const userId = await resolveUser(user, needsUser);
    if (userId === null) {
      return;
    }
    markPaid.mutate(
      { id: topup.id, userId, amount: amount === topup.amount ? undefined : amount, note: note.trim() || undefined },
      {
        onSuccess: (done) => {
          notifySuccess(
            t('admin.topups.paid', { email: done.email ?? '', amount: formatMoney(done.amount, t, i18n.language) }),
          );
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={needsUser ? t('admin.topups.assign') : t('admin.topups.markPaid')}
      testId="mark-paid-dialog"
      maxWidth="sm"
      submitLabel={t('admin.topups.markPaid')}
      submitTestId="mark-paid-submit"
      submitColor="success"
      loading={looking || markPaid.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <DialogContentText>
          {t('admin.topups.payMessage', {
            content: ledgerText(topup, t, i18n.language),
            amount: `${topup.providerAmount} ${topup.currency}`,
          })}
        </DialogContentText>
        <TextField
          label={needsUser ? t('admin.topups.user') : t('admin.topups.userOptional')}
          placeholder="user@example.com"
          required={needsUser}
          value={user}
          onChange={(event) => setUser(event.target.value)}
          helperText={needsUser ? t('admin.topups.userHelp') : t('admin.topups.userKeep', { email: topup.email ?? '' })}
          autoFocus={needsUser}
          slotProps={{ htmlInput: { 'data-testid': 'mark-paid-user' } }}
        />
        <TextField
          label={t('admin.customers.amount')}
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          helperText={t('admin.topups.amountHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'mark-paid-amount' } }}
        />
        <TextField
          label={t('common.note')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'mark-paid-note' } }}
        />
      </Stack>
    </FormDialog>
  );
}
