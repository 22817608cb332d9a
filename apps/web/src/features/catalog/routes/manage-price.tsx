import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { BandwidthForm } from '../components/bandwidth-form';
import { CountryAvailability } from '../components/country-availability';
import { DiscountEditor } from '../components/discount-editor';
import { RetailTable } from '../components/retail-table';

/** /admin/{v6,v4}/manage-price: country availability, retail prices, discount tiers (and bandwidth on v4). */
function ManagePrice({ product }: { product: 'v6' | 'v4' }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.price.title', { product: t(`common.product.${product}`) })} />
      <Stack spacing={2.5}>
        <CountryAvailability product={product} />
        <RetailTable product={product} />
        <DiscountEditor product={product} />
        {product === 'v4' && <BandwidthForm />}
      </Stack>
    </>
  );
}

export function V6ManagePriceRoute() {
  return <ManagePrice product="v6" />;
}

export function V4ManagePriceRoute() {
  return <ManagePrice product="v4" />;
}
