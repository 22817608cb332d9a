import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { CountryAvailability } from '../components/country-availability';
import { PackagesTable } from '../components/packages-table';
import { RetailTable } from '../components/retail-table';

/** /admin/rotating/proxy-rotating: key packages, key retail prices (renewals) and country availability. */
export function ProxyRotatingRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.rotating.title')} />
      <Stack spacing={2.5}>
        <CountryAvailability product="key" />
        <PackagesTable product="key" title={t('admin.rotating.packages')} />
        <RetailTable product="key" />
      </Stack>
    </>
  );
}
