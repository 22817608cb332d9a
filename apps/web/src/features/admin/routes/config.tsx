import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { useBill } from '@/lib/payments/get-bill';
import { usePaymentConfig } from '../api/get-payment-config';
import { useSiteSettings } from '../api/get-site-settings';
import { ApiLimitForm } from '../components/api-limit-form';
import { LockDaysForm } from '../components/lock-days-form';
import { PaymentMethodPanel } from '../components/payment-method-panel';
import { PublicUrlForm } from '../components/public-url-form';
import { SectionCard } from '../components/section-card';
import { SiteProductsForm } from '../components/site-products-form';
import { TelegramBotForm } from '../components/telegram-bot-form';

/**
 * /admin/config: the products the site sells, its lock period, payment methods
 * (docs/product-rules.md#sites) and their public URL.
 */
export function AdminConfigRoute() {
  const { t } = useTranslation();
  const config = usePaymentConfig();
  const settings = useSiteSettings();
  // get-bill says whether the bank runs the simulator (no real account stored yet).
  const simulator = useBill().data?.simulator ?? false;

  return (
    <>
      <PageHeader title={t('admin.config.title')} />
      {config.isPending || settings.isPending ? (
        <PageSpinner />
      ) : !config.data || !settings.data ? (
        <Alert severity="error">{t('error.contactAdmin')}</Alert>
      ) : (
        <Stack spacing={2}>
          <SectionCard title={t('admin.config.productsTitle')} testId="site-products">
            <SiteProductsForm />
          </SectionCard>
          <SectionCard title={t('admin.config.lockDaysTitle')} testId="site-settings">
            <LockDaysForm key={settings.data.lockDays} lockDays={settings.data.lockDays} />
          </SectionCard>
          <SectionCard title={t('developer.admin.limitTitle')} testId="site-api-limit-card">
            <ApiLimitForm key={settings.data.apiRateLimitPerMin} limit={settings.data.apiRateLimitPerMin} />
          </SectionCard>
          <SectionCard title={t('notifications.adminBot.title')}>
            <TelegramBotForm />
          </SectionCard>
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
