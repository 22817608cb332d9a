import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { useCountries } from '@/lib/catalog/get-countries';
import { useDiscountTiers } from '@/lib/catalog/get-discount-tiers';
import { useRetailPrices } from '@/lib/catalog/get-retail-prices';
import { RetailOrderForm } from './retail-order-form';

/** docs/screens.md#dashboard: buy V6 / buy V4, once its countries, prices and discounts are loaded. */
export function BuyRetailPanel({ product }: { product: 'v6' | 'v4' }) {
  const { t } = useTranslation();
  const countries = useCountries(product);
  const prices = useRetailPrices(product);
  const tiers = useDiscountTiers(product);
  if (countries.isError || prices.isError) {
    return <Alert severity="error">{t('error.contactAdmin')}</Alert>;
  }
  if (!countries.data || !prices.data) {
    return <PageSpinner />;
  }
  return <RetailOrderForm product={product} countries={countries.data} rows={prices.data} tiers={tiers.data ?? []} />;
}
