import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_TIME_ZONE } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { useAdminMaintenance } from '@/lib/maintenance';
import { useBill } from '@/lib/payments/get-bill';
import { MaintenanceForm } from '@/components/maintenance-form';
import { SectionCard } from '@/components/section-card';
import { usePaymentConfig } from '../api/get-payment-config';
import { useSiteSettings } from '../api/get-site-settings';
import { useMySite } from '../api/sites-admin';
import { ApiLimitForm } from '../components/api-limit-form';
import { LockDaysForm } from '../components/lock-days-form';
import { TimeZoneForm } from '../components/time-zone-form';
import { SettingChangesGrid } from '../components/setting-changes-grid';
import { SiteCaptchaForm } from '../components/site-captcha-form';
import { SiteGroupForm } from '../components/site-group-form';
import { SiteLogoUpload } from '../components/site-logo-upload';
import { PaymentMethodPanel } from '../components/payment-method-panel';
import { PublicUrlForm } from '../components/public-url-form';
import { SiteProductsForm } from '../components/site-products-form';
import { TelegramBotForm } from '../components/telegram-bot-form';

type MySite = NonNullable<ReturnType<typeof useMySite>['data']>;
type SiteSettings = NonNullable<ReturnType<typeof useSiteSettings>['data']>;
type PaymentConfig = NonNullable<ReturnType<typeof usePaymentConfig>['data']>;

/** The site's own fields: branding, products, flags, language, footer, captcha, analytics. */
function SiteSections({ site }: { site: MySite }) {
  const { t } = useTranslation();
  return (
    <>
      <SectionCard title={t('sites.groups.branding')} testId="config-branding">
        <Stack spacing={2}>
          <SiteLogoUpload site={site} />
          <SiteGroupForm key={site.id} site={site} keys={['title', 'color']} testId="site-branding" />
        </Stack>
      </SectionCard>
      <SectionCard title={t('admin.config.productsTitle')} testId="site-products">
        <SiteProductsForm />
      </SectionCard>
      <SectionCard title={t('sites.groups.flags')}>
        <SiteGroupForm site={site} keys={['showAgencyApi']} help={t('sites.help.flags')} testId="site-flags" />
      </SectionCard>
      <SectionCard title={t('sites.groups.language')}>
        <SiteGroupForm site={site} keys={['forceEnglish']} help={t('sites.help.language')} testId="site-language" />
      </SectionCard>
      <SectionCard title={t('sites.groups.footer')}>
        <SiteGroupForm
          site={site}
          keys={['companyFooter', 'companyName']}
          help={t('sites.help.footer')}
          testId="site-footer"
        />
      </SectionCard>
      <SectionCard title={t('sites.groups.captcha')}>
        <SiteCaptchaForm key={site.recaptchaSiteKey ?? ''} site={site} />
      </SectionCard>
      <SectionCard title={t('sites.groups.analytics')}>
        <SiteGroupForm site={site} keys={['googlePixel']} testId="site-analytics" />
      </SectionCard>
    </>
  );
}

/** The site's settings: time zone, lock period, API limit, and the admin's Telegram bot. */
function SettingsSections({ settings }: { settings: SiteSettings }) {
  const { t } = useTranslation();
  return (
    <>
      <SectionCard title={t('admin.config.timeZoneTitle')} testId="site-time-zone-card">
        <TimeZoneForm key={settings.timeZone} timeZone={settings.timeZone ?? DEFAULT_TIME_ZONE} />
      </SectionCard>
      <SectionCard title={t('admin.config.lockDaysTitle')} testId="site-settings">
        <LockDaysForm key={settings.lockDays} lockDays={settings.lockDays} />
      </SectionCard>
      <SectionCard title={t('developer.admin.limitTitle')} testId="site-api-limit-card">
        <ApiLimitForm key={settings.apiRateLimitPerMin} limit={settings.apiRateLimitPerMin} />
      </SectionCard>
      <SectionCard title={t('notifications.adminBot.title')}>
        <TelegramBotForm />
      </SectionCard>
    </>
  );
}

/** Where payments come back to, and each payment method. */
function PaymentSections({ config, simulator }: { config: PaymentConfig; simulator: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <SectionCard title={t('admin.payments.publicUrlTitle')}>
        <PublicUrlForm key={config.publicUrl ?? ''} publicUrl={config.publicUrl} />
      </SectionCard>
      <SectionCard title={t('admin.payments.title')} testId="payment-methods">
        <Stack spacing={1}>
          {config.methods.map((view) => (
            <PaymentMethodPanel
              key={`${view.method}-${simulator}`}
              view={view}
              simulator={view.method === 'bank' && simulator}
            />
          ))}
        </Stack>
      </SectionCard>
    </>
  );
}

/**
 * /admin/config: every setting of the admin's site in one place, grouped (docs/screens.md#sites-and-configuration):
 * branding, products and menus, language, footer, captcha, analytics, the lock period, the API
 * limit, alerts, payments, maintenance and promotions, then the audited change history.
 */
export function AdminConfigRoute() {
  const { t } = useTranslation();
  const config = usePaymentConfig();
  const settings = useSiteSettings();
  const site = useMySite();
  const maintenance = useAdminMaintenance();
  // get-bill says whether the bank runs the simulator (no real account stored yet).
  const simulator = useBill().data?.simulator ?? false;

  return (
    <>
      <PageHeader title={t('admin.config.title')} />
      {config.isPending || settings.isPending || site.isPending ? (
        <PageSpinner />
      ) : !config.data || !settings.data || !site.data ? (
        <Alert severity="error">{t('error.contactAdmin')}</Alert>
      ) : (
        <Stack spacing={2}>
          <SiteSections site={site.data} />
          <SettingsSections settings={settings.data} />
          <PaymentSections config={config.data} simulator={simulator} />
          <SectionCard title={t('sites.groups.maintenance')} testId="config-maintenance">
            {maintenance.data && <MaintenanceForm maintenance={maintenance.data} />}
          </SectionCard>
          <SectionCard title={t('sites.groups.promotions')}>
            <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <Typography variant="body2" color="text.secondary">
                {t('sites.help.promotions')}
              </Typography>
              <Button variant="outlined" component={Link} to={paths.admin.promotion.getHref()}>
                {t('sites.openPromotions')}
              </Button>
            </Stack>
          </SectionCard>
          <SectionCard title={t('sites.groups.history')} testId="config-history">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('sites.help.history')}
            </Typography>
            <SettingChangesGrid />
          </SectionCard>
        </Stack>
      )}
    </>
  );
}
