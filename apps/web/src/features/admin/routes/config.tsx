import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { useBill } from '@/lib/payments/get-bill';
import { usePaymentConfig } from '../api/get-payment-config';
import { PaymentMethodPanel } from '../components/payment-method-panel';
import { PublicUrlForm } from '../components/public-url-form';
import { SectionCard } from '../components/section-card';

/** /admin/config: the site's payment methods (DESIGN.md "Tenancy") and their public URL. */
export function AdminConfigRoute() {
  const { t } = useTranslation();
  const config = usePaymentConfig();
  // get-bill says whether the bank runs the simulator (no real account stored yet).
  const simulator = useBill().data?.simulator ?? false;

  return (
    <>
      <PageHeader title={t('admin.config.title')} />
      {config.isPending ? (
        <PageSpinner />
      ) : !config.data ? (
        <Alert severity="error">{t('error.contactAdmin')}</Alert>
      ) : (
        <Stack spacing={2}>
          <SectionCard title={t('admin.payments.publicUrlTitle')}>
            <PublicUrlForm key={config.data.publicUrl ?? ''} publicUrl={config.data.publicUrl} />
          </SectionCard>
          <SectionCard title={t('admin.payments.title')} testId="payment-methods">
            <Stack spacing={1}>
              {config.data.methods.map((view) => (
                <PaymentMethodPanel
                  key={`${view.method}-${simulator}`}
                  view={view}
                  simulator={view.method === 'bank' && simulator}
                />
              ))}
            </Stack>
          </SectionCard>
        </Stack>
      )}
    </>
  );
}
