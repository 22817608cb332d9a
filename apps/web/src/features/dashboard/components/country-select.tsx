import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type Product, type TCountry } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { countryName, formatNumber } from '@/lib/format';

interface CountrySelectProps {
  product: Product;
  countries: readonly TCountry[];
  value: string;
  onChange: (code: string) => void;
  error?: string;
  testId: string;
}

/** The first country in stock, for a form's default. */
export function firstAvailableCountry(countries: readonly TCountry[]): string {
  return (countries.find((c) => c.available) ?? countries[0])?.code ?? '';
}

/**
 * The countries on sale; one without stock is disabled and says so (docs/screens.md#dashboard: "Vietnam
 * rotating proxy is currently out of stock").
 */
export function CountrySelect({ product, countries, value, onChange, error, testId }: CountrySelectProps) {
  const { t, i18n } = useTranslation();
  const name = (c: TCountry) => countryName(c.code, i18n.language, c.name);
  const outOfStock = (c: TCountry) =>
    t('dashboard.purchase.outOfStock', { country: name(c), product: t(`common.productInSentence.${product}`) });
  const soldOut = countries.filter((c) => !c.available);

  return (
    <Stack spacing={1}>
      <TextField
        select
        label={t('common.country')}
        value={countries.some((c) => c.code === value) ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error}
        data-testid={testId}
      >
        {countries.map((c) => (
          <MenuItem key={c.code} value={c.code} disabled={!c.available} data-testid={`${testId}-option-${c.code}`}>
            <ListItemText
              primary={name(c)}
              secondary={
                c.available
                  ? t('dashboard.purchase.inStock', { count: formatNumber(c.stock) })
                  : t('dashboard.purchase.outOfStockShort')
              }
              sx={{ my: 0 }}
            />
          </MenuItem>
        ))}
      </TextField>
      {countries.length === 0 && <Alert severity="warning">{t('dashboard.purchase.noCountries')}</Alert>}
      {soldOut.length > 0 && (
        <Alert severity="warning" data-testid={`${testId}-out-of-stock`}>
          {soldOut.map((c) => (
            <Box key={c.code}>{outOfStock(c)}</Box>
          ))}
        </Alert>
      )}
    </Stack>
  );
}
