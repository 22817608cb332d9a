import { useState } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { PaymentStatus } from '../components/payment-status';
import { usePaymentReturn, type ReturnAction } from '../hooks/use-payment-return';
import { isTopupId, rememberedPerfectMoneyTopup, returnActionOf } from '../utils/return-params';

type Outcome = 'success' | 'fail';

interface ResultPageProps {
  title: string;
  /** What to ask the server; null shows the fixed outcome. */
  action: ReturnAction | null;
  outcome: Outcome;
  testId: string;
}

const FIXED: Record<Outcome, { severity: AlertColor; key: 'topup.result.success' | 'topup.result.fail' }> = {
  success: { severity: 'success', key: 'topup.result.success' },
  fail: { severity: 'error', key: 'topup.result.fail' },
};

function ResultPage({ title, action, outcome, testId }: ResultPageProps) {
  const { t } = useTranslation();
  const state = usePaymentReturn(action);
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {action ? (
            <PaymentStatus state={state} />
          ) : (
            <Alert severity={FIXED[outcome].severity} data-testid="payment-status" data-status={outcome}>
              {t(FIXED[outcome].key)}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button component={Link} to={paths.app.topup.getHref()} variant="contained" data-testid="result-back-topup">
              {t('topup.result.backToTopup')}
            </Button>
            <Button component={Link} to={paths.app.dashboard.getHref()}>
              {t('nav.dashboard')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The action of a return address, read once (the page does not change its own address). */
function useReturnAction(read: (params: URLSearchParams, id: string | undefined) => ReturnAction | null) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const [action] = useState(() => read(params, id));
  return action;
}

/** Perfect Money's PAYMENT_ID on the return address, else the form this tab posted. */
function perfectMoneyId(params: URLSearchParams): string | null {
  const id = params.get('PAYMENT_ID') ?? rememberedPerfectMoneyTopup();
  return isTopupId(id) ? id : null;
}

/** /topup/perfectmoney-success: Perfect Money says paid; the status post credits it (checked here). */
export function PerfectMoneySuccessRoute() {
  const { t } = useTranslation();
  const action = useReturnAction((params) => {
    const id = perfectMoneyId(params);
    return id ? { kind: 'check', id } : null;
  });
  return (
    <ResultPage title={t('topup.result.perfectMoneyTitle')} action={action} outcome="success" testId="pm-success" />
  );
}

/** /topup/perfectmoney-failed: the payer cancelled at Perfect Money; the pending top-up is closed. */
export function PerfectMoneyFailedRoute() {
  const { t } = useTranslation();
  const action = useReturnAction((params) => {
    const id = perfectMoneyId(params);
    return id ? { kind: 'cancel', id } : null;
  });
  return <ResultPage title={t('topup.result.perfectMoneyTitle')} action={action} outcome="fail" testId="pm-failed" />;
}

/**
 * /confirm-payment/:id? — a provider payment (PayPal, card, crypto…): PayPal's `token` completes
 * the order; a top-up id is checked with the provider.
 */
export function ConfirmPaymentRoute() {
  const { t } = useTranslation();
  const action = useReturnAction((params, id) => returnActionOf(id, params));
  return (
    <ResultPage title={t('topup.result.confirmTitle')} action={action} outcome="success" testId="confirm-payment" />
  );
}

/** /confirm-local-payment/:id? — a local payment (bank transfer, MoMo): its status. */
export function ConfirmLocalPaymentRoute() {
  const { t } = useTranslation();
  const action = useReturnAction((params, id) => returnActionOf(id, params));
  return (
    <ResultPage
      title={t('topup.result.confirmLocalTitle')}
      action={action}
      outcome="success"
      testId="confirm-local-payment"
    />
  );
}

/** /confirm-payment/success|fail and /confirm-local-payment/success|fail: the outcome, with ?id= checked. */
export function PaymentOutcomeRoute({ outcome, local = false }: { outcome: Outcome; local?: boolean }) {
  const { t } = useTranslation();
  const action = useReturnAction((params) => {
    const id = params.get('id') ?? params.get('topupId');
    return returnActionOf(id ?? undefined, params);
  });
  return (
    <ResultPage
      title={t(local ? 'topup.result.confirmLocalTitle' : 'topup.result.confirmTitle')}
      action={action}
      outcome={outcome}
      testId={`payment-${outcome}`}
    />
  );
}

export const ConfirmPaymentSuccessRoute = () => <PaymentOutcomeRoute outcome="success" />;
export const ConfirmPaymentFailRoute = () => <PaymentOutcomeRoute outcome="fail" />;
export const ConfirmLocalPaymentSuccessRoute = () => <PaymentOutcomeRoute outcome="success" local />;
export const ConfirmLocalPaymentFailRoute = () => <PaymentOutcomeRoute outcome="fail" local />;
