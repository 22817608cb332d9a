import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, type TTopupDetail } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { TopupStatusChip } from '@/components/status-chip';
import { formatBalance } from '@/lib/format';
import { ledgerText } from '@/lib/ledger-text';
import { safeHttpUrl } from '@/lib/safe-navigate';
import { useCancelTopup } from '../api/cancel-topup';
import { checkTopupQueryOptions } from '../api/check-topup';
import { InfoRow } from './info-row';
import { QrImage } from './qr-image';

/** How often an open payment is asked about while its instructions are on screen. */
const CHECK_EVERY_MS = 5000;

interface PendingPaymentProps {
  topup: TTopupDetail;
  onReset: () => void;
}

/** USDT: the QR, network, address and exact amount to send, and until when. */
function UsdtInstructions({
  ins,
  address,
  payAmount,
  expiresAt,
}: {
  ins: TTopupDetail['instructions'];
  address: string;
  payAmount: string;
  expiresAt: TTopupDetail['expiresAt'];
}) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 5 }} sx={{ display: 'flex', justifyContent: 'center' }}>
        <QrImage payload={ins.qrPayload ?? address} alt={t('topup.usdt.qrAlt')} testId="topup-usdt-qr" />
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <InfoRow label={t('topup.usdt.network')} value={ins.network ?? 'TRC20'} />
        <InfoRow label={t('topup.usdt.address')} value={address} copy={address} testId="topup-usdt-address" />
        <InfoRow
          label={t('topup.usdt.amount')}
          value={`${payAmount} USDT`}
          copy={payAmount}
          testId="topup-usdt-amount"
          strong
        />
        {expiresAt && <InfoRow label={t('topup.usdt.expires')} value={formatDateTime(expiresAt)} />}
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('topup.usdt.exactWarning', { amount: payAmount, network: ins.network ?? 'TRC20' })}
        </Alert>
      </Grid>
    </Grid>
  );
}

/**
 * A created top-up the payer still has to pay: USDT (address, exact amount, network, QR), MoMo
 * (its QR and page), or a provider page to continue on. Its status is checked until it settles.
 */
export function PendingPayment({ topup: created, onReset }: PendingPaymentProps) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelTopup();
  const check = useQuery({
    ...checkTopupQueryOptions(created.id),
    initialData: created,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? CHECK_EVERY_MS : false),
  });
  const topup = check.data;
  const pending = topup.status === 'pending';
  // Instructions are only sent while the top-up is pending; keep the first ones on screen.
  const ins = created.instructions;
  // Only an http(s) checkout URL becomes a link (lib/safe-navigate).
  const redirectUrl = safeHttpUrl(ins.redirectUrl);

  return (
    <Stack spacing={2} data-testid="topup-pending">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{ledgerText(topup, t, i18n.language)}</Typography>
        <TopupStatusChip status={topup.status} held={topup.held} />
      </Stack>
      {topup.status === 'success' && (
        <Alert severity="success" data-testid="topup-pending-success">
          {t('topup.return.message.success', { amount: formatBalance(topup.amount + topup.bonus, t) })}
        </Alert>
      )}
      {pending && ins.address && ins.payAmount && (
        <UsdtInstructions ins={ins} address={ins.address} payAmount={ins.payAmount} expiresAt={topup.expiresAt} />
      )}
      {pending && !ins.address && ins.qrPayload && (
        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <QrImage payload={ins.qrPayload} alt={t('topup.provider.qrAlt')} testId="topup-provider-qr" />
          <Typography variant="body2" color="text.secondary">
            {t('topup.provider.scan')}
          </Typography>
        </Stack>
      )}
      {pending && (
        <Typography variant="body2" color="text.secondary">
          {t('topup.provider.waiting')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {pending && redirectUrl && (
          <Button variant="contained" href={redirectUrl} endIcon={<OpenInNew />} data-testid="topup-open-provider">
            {t('topup.provider.continue')}
          </Button>
        )}
        {pending && (
          <Button variant="outlined" onClick={() => void check.refetch()} loading={check.isFetching}>
            {t('topup.provider.check')}
          </Button>
        )}
        {pending && (
          <Button
            color="error"
            onClick={() => cancel.mutate(topup.id, { onSettled: () => void check.refetch() })}
            loading={cancel.isPending}
            data-testid="topup-cancel"
          >
            {t('topup.provider.cancel')}
          </Button>
        )}
        <Button onClick={onReset} data-testid="topup-new">
          {t('topup.provider.newTopup')}
        </Button>
      </Box>
    </Stack>
  );
}
