import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Product } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { countryName } from '@/lib/format';
import { useAdminCountries } from '../api/list-admin-countries';
import { SectionCard } from './section-card';

/** Each country's state for a product: disabled, out of stock, or in stock with its free count. */
export function CountryAvailability({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const countries = useAdminCountries(product);
  return (
    <SectionCard title={t('admin.countries.title')} testId="admin-countries">
      {!countries.data ? (
        countries.isError ? null : (
          <PageSpinner />
        )
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {countries.data.map((c) => (
            <Chip
              key={c.code}
              variant="outlined"
              color={!c.enabled ? 'default' : c.available ? 'success' : 'warning'}
              label={`${countryName(c.code, i18n.language, c.name)} · ${
                !c.enabled
                  ? t('admin.countries.disabled')
                  : c.available
                    ? t('admin.countries.stock', { count: c.stock })
                    : t('dashboard.purchase.outOfStockShort')
              }`}
              data-testid={`admin-country-${c.code}`}
            />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
