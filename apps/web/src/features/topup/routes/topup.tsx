import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentMethod } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { PromotionNotice } from '@/components/promotion-notice';
import { AMOUNT_PARAM, paths } from '@/config/paths';
import { useBill } from '@/lib/payments/get-bill';
import { BankTransferPanel } from '../components/bank-transfer-panel';
import { MethodTabs } from '../components/method-tabs';
import { PaymentStatus } from '../components/payment-status';
import { ProviderPanel } from '../components/provider-panel';
import { TopupHistory } from '../components/topup-history';
import { TopupSteps } from '../components/topup-steps';
import { usePaymentReturn } from '../hooks/use-payment-return';
import { returnActionOf } from '../utils/return-params';
import { requestedCoins } from '../utils/suggested-amount';

const METHOD_PARAM = 'method';

/** /topup/:id: the payer is back from a provider; the outcome shows above the page. */
function ReturnBanner({ id }: { id: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Read once: switching the method tab rewrites the query string.
  const [action] = useState(() => returnActionOf(id, params));
  const state = usePaymentReturn(action);
  return <PaymentStatus state={state} onClose={() => void navigate(paths.app.topup.getHref(), { replace: true })} />;
}

/** /topup and /topup/:id — docs/screens.md#top-up: methods, steps, bill code, history. */
export function TopupRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const bill = useBill();
  const [step, setStep] = useState(1);
  const methods: PaymentMethod[] = bill.data?.methods.map((m) => m.method) ?? [];
  const wanted = params.get(METHOD_PARAM);
  const method = methods.find((m) => m === wanted) ?? methods[0];
  const info = bill.data?.methods.find((m) => m.method === method);
  // docs/screens.md#not-enough-balance: "top up that amount" opens /topup?amount=<coins missing>.
  const wantedCoins = requestedCoins(params.get(AMOUNT_PARAM));

  const choose = (next: PaymentMethod) => {
    setStep(1);
    setParams(
      { [METHOD_PARAM]: next, ...(wantedCoins ? { [AMOUNT_PARAM]: String(wantedCoins) } : {}) },
      { replace: true },
    );
  };

  return (
    <Stack spacing={2}>
      <PageHeader title={t('topup.title')} />
      {id && <ReturnBanner key={id} id={id} />}
      <PromotionNotice method={method} />
      <Card>
        <CardContent>
          {bill.isPending ? (
            <PageSpinner />
          ) : !bill.data ? (
            <Alert severity="error">{t('error.contactAdmin')}</Alert>
          ) : !method ? (
            <Alert severity="info" data-testid="topup-no-methods">
              {t('topup.noMethods')}
            </Alert>
          ) : (
            <Stack spacing={2}>
              <TopupSteps active={method === 'bank' ? 1 : step} />
              <MethodTabs methods={methods} value={method} onChange={choose} />
              <Box sx={{ pt: 1 }}>
                {method === 'bank' ? (
                  <BankTransferPanel bill={bill.data} info={info} wantedCoins={wantedCoins} />
                ) : (
                  <ProviderPanel key={method} method={method} info={info} onStep={setStep} wantedCoins={wantedCoins} />
                )}
              </Box>
            </Stack>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
            {t('topup.history.title')}
          </Typography>
          <TopupHistory />
        </CardContent>
      </Card>
    </Stack>
  );
}
