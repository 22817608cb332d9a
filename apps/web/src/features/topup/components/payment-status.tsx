import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import CircularProgress from '@mui/material/CircularProgress';
import type { TopupStatus } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { formatBalance } from '@/lib/format';
import { ledgerText } from '@/lib/ledger-text';
import type { PaymentReturnState } from '../hooks/use-payment-return';

const SEVERITY: Record<TopupStatus, AlertColor> = {
  pending: 'info',
  success: 'success',
  failed: 'error',
  cancelled: 'warning',
  expired: 'warning',
};

/** The outcome of a payment the payer came back from: checking, credited, pending, or not paid. */
export function PaymentStatus({ state, onClose }: { state: PaymentReturnState; onClose?: () => void }) {
  const { t, i18n } = useTranslation();
  const { topup, error, loading } = state;

  if (loading) {
    return (
      <Alert severity="info" icon={<CircularProgress size={20} />} data-testid="payment-status" data-status="checking">
        {t('topup.return.checking')}
      </Alert>
    );
  }
  if (error || !topup) {
    const code = error?.knownCode;
    return (
      <Alert severity="error" onClose={onClose} data-testid="payment-status" data-status="error">
        {code ? t(`errors.${code}`, { remainTime: error?.remainTime ?? 0 }) : t('error.contactAdmin')}
      </Alert>
    );
  }
  const held = topup.held && topup.status !== 'success';
  const credited = formatBalance(topup.amount + topup.bonus, t);
  return (
    <Alert
      severity={held ? 'warning' : SEVERITY[topup.status]}
      icon={topup.status === 'pending' && !held ? <CircularProgress size={20} /> : undefined}
      onClose={onClose}
      data-testid="payment-status"
      data-status={topup.status}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>
        {held ? t('common.topupStatus.held') : t(`topup.return.title.${topup.status}`)}
      </AlertTitle>
      {held ? t('topup.return.held') : t(`topup.return.message.${topup.status}`, { amount: credited })}{' '}
      {t('topup.return.reference', { content: ledgerText(topup, t, i18n.language) })}
    </Alert>
  );
}
