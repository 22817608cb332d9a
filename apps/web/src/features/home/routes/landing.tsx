import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentMethod } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { CmsHtml } from '@/components/cms-html';
import { useSiteInfo } from '@/lib/site-info';
import { hasUsableChannel, useSupportInfo } from '@/lib/support-info';
import { useLanding } from '../api/get-landing';
import { ApiTeaser } from '../components/api-teaser';
import { ContactButtons } from '../components/contact-buttons';
import { FaqList } from '../components/faq-list';
import { Hero } from '../components/hero';
import { PricingSection } from '../components/pricing-section';
import { QuickBuy } from '../components/quick-buy';
import { QuoteCards } from '../components/quote-cards';
import { Section } from '../components/section';

/**
 * The public home page (docs/screens.md#home): the CMS title, description and HTML blocks in the
 * reader's language, live prices, buy by quantity, the payment methods the site has switched on, FAQ, quotes, contacts and, where the site has
 * it, the reseller API. A section the site has not filled in (a new site has no FAQ, quotes or
 * contacts) is left out rather than shown empty. Light on purpose: no data grid, no admin code.
 */
export function LandingRoute() {
  const { t, i18n } = useTranslation();
  const site = useSiteInfo();
  const { data: landing } = useLanding();
  const { data: support } = useSupportInfo();
  const en = i18n.language === 'en';
  const pick = (vi: string | undefined, eng: string | undefined) => (en ? eng : vi) ?? '';
  const html1 = pick(landing?.html1, landing?.html1Eng);
  const html2 = pick(landing?.html2, landing?.html2Eng);
  return (
    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
      <Hero
        title={pick(landing?.landingTitle, landing?.landingTitleEng)}
        description={pick(landing?.landingDesc, landing?.landingDescEng)}
      />
      {html1 && (
        <Section id="about">
          <CmsHtml html={html1} data-testid="landing-html1" />
        </Section>
      )}
      <Section id="pricing" title={t('content.home.pricing')} tinted>
        <Stack spacing={3}>
          <PricingSection />
          <QuickBuy />
          {site.paymentMethods && site.paymentMethods.length > 0 && (
            <Typography color="text.secondary" data-testid="landing-payment-methods">
              {t('content.home.paymentMethods', {
                methods: site.paymentMethods.map((m: PaymentMethod) => t(`common.paymentMethod.${m}`)).join(' · '),
              })}
            </Typography>
          )}
        </Stack>
      </Section>
      {html2 && (
        <Section id="more">
          <CmsHtml html={html2} data-testid="landing-html2" />
        </Section>
      )}
      {site.showAgencyApi && (
        <Section id="api" title={t('content.home.api')}>
          <ApiTeaser />
        </Section>
      )}
      {landing && landing.faq.length > 0 && (
        <Section id="faq" title={t('content.home.faq')} tinted>
          <FaqList items={landing.faq} english={en} />
        </Section>
      )}
      {landing && landing.quotes.length > 0 && (
        <Section id="quotes" title={t('content.home.quotes')}>
          <QuoteCards quotes={landing.quotes} english={en} />
        </Section>
      )}
      {support && hasUsableChannel(support.channels) && (
        <Section id="contacts" title={t('content.home.contacts')} tinted>
          <ContactButtons />
        </Section>
      )}
    </Box>
  );
}
