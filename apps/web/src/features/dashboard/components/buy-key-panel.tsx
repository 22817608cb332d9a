import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { useCountries } from '@/lib/catalog/get-countries';
import { usePackages } from '@/lib/catalog/get-packages';
import { KeyOrderForm } from './key-order-form';

/** docs/screens.md#dashboard: the rotating-key purchase, once its packages and countries are loaded. */
export function BuyKeyPanel() {
  const { t } = useTranslation();
  const countries = useCountries('key');
  const packages = usePackages('key');
  if (countries.isError || packages.isError) {
    return <Alert severity="error">{t('error.contactAdmin')}</Alert>;
  }
  if (!countries.data || !packages.data) {
    return <PageSpinner />;
  }
  if (packages.data.length === 0) {
    return <Alert severity="info">{t('dashboard.purchase.packages.empty')}</Alert>;
  }
  return <KeyOrderForm countries={countries.data} packages={packages.data} />;
}
