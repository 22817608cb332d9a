import { useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { discountPercent, quote, type PeriodUnit } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useDiscountTiers } from '@/lib/catalog/get-discount-tiers';
import { useRetailPrices } from '@/lib/catalog/get-retail-prices';
import { countryName, formatNumber, formatBalance } from '@/lib/format';
import { savePendingBuy } from '@/lib/pending-buy';
import { useSiteInfo } from '@/lib/site-info';
import { fieldFromNumber, numberFromField } from '@/lib/form';
import { buyHref, priceRows, usd } from '../utils/pricing';

/**
 * docs/screens.md#home: buy by quantity. The visitor picks product, country, period and quantity
 * and sees the price; "Buy" leads to sign-up, and after sign-in to the dashboard's buy form with
 * this choice filled in.
 */
export function QuickBuy() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const site = useSiteInfo();
  const products = (['v6', 'v4'] as const).filter((p) => (p === 'v6' ? site.isOpenV6 : site.isOpenV4));
  const [product, setProduct] = useState<'v6' | 'v4'>(products[0] ?? 'v6');
  const rows = useRetailPrices(product, products.length > 0).data ?? [];
  const tiers = useDiscountTiers(product, products.length > 0).data ?? [];
  const countries = priceRows(rows);
  const [countryChoice, setCountry] = useState('');
  const country = countries.some((c) => c.country === countryChoice) ? countryChoice : (countries[0]?.country ?? '');
  const units = Object.keys(countries.find((c) => c.country === country)?.prices ?? {}) as PeriodUnit[];
  const [unitChoice, setUnit] = useState<PeriodUnit>('day');
  const unit = units.includes(unitChoice) ? unitChoice : (units[0] ?? 'day');
  const [value, setValue] = useState(1);
  const row = rows.find((r) => r.country === country && r.unit === unit);
  // One step until the visitor types. The field waits for the prices: a value typed before them
  // would meet the step arriving underneath it.
  const [quantityInput, setQuantity] = useState<number | null>(null);
  const quantity = quantityInput ?? row?.quantityStep ?? 1;

  if (products.length === 0) {
    return null;
  }
  const valid =
    row !== undefined &&
    Number.isInteger(value) &&
    value >= 1 &&
    value <= 1000 &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity % row.quantityStep === 0 &&
    quantity <= row.maxQuantity;
  const price = row
    ? quote({
        unitPrice: row.price,
        period: { unit, value },
        quantity,
        discountPercent: discountPercent(tiers, quantity),
      })
    : null;

  const buy = () => {
    const href = buyHref({ product, country, unit, value, quantity });
    savePendingBuy(href);
    void navigate(paths.auth.register.getHref());
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="quick-buy">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 2 }}>
          <TextField
            select
            fullWidth
            size="small"
            label={t('content.home.product')}
            value={product}
            onChange={(e) => setProduct(e.target.value as 'v6' | 'v4')}
          >
            {products.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`content.home.tabs.${p}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            select
            fullWidth
            size="small"
            label={t('common.country')}
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'quick-buy-country' } }}
          >
            {countries.map((c) => (
              <MenuItem key={c.country} value={c.country}>
                {countryName(c.country, i18n.language)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <TextField
            select
            fullWidth
            size="small"
            label={t('common.periodUnitLabel')}
            value={unit}
            onChange={(e) => setUnit(e.target.value as PeriodUnit)}
          >
            {units.map((u) => (
              <MenuItem key={u} value={u}>
                {t(`common.periodUnit.${u}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <TextField
            fullWidth
            size="small"
            type="number"
            label={t('common.periodValueLabel')}
            value={fieldFromNumber(value)}
            onChange={(e) => setValue(numberFromField(e.target.value))}
            slotProps={{ htmlInput: { min: 1, max: 1000 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <TextField
            fullWidth
            size="small"
            type="number"
            label={t('common.quantity')}
            value={row ? fieldFromNumber(quantity) : ''}
            disabled={!row}
            onChange={(e) => setQuantity(numberFromField(e.target.value))}
            error={!valid && row !== undefined}
            helperText={
              row ? t('content.home.quantityHint', { step: row.quantityStep, max: formatNumber(row.maxQuantity) }) : ' '
            }
            slotProps={{
              htmlInput: {
                min: row?.quantityStep ?? 1,
                step: row?.quantityStep ?? 1,
                'data-testid': 'quick-buy-quantity',
              },
            }}
          />
        </Grid>
      </Grid>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography data-testid="quick-buy-total">
          {t('common.total')}:{' '}
          <strong>{price && valid ? `${formatBalance(price.total, t)} (${usd(price.total)})` : '—'}</strong>
          {price && valid && price.discount > 0 && (
            <Typography component="span" variant="body2" color="success.main" sx={{ ml: 1 }}>
              {t('content.home.discount', { amount: formatNumber(price.discount) })}
            </Typography>
          )}
        </Typography>
        <Button variant="contained" size="large" disabled={!valid} onClick={buy} data-testid="quick-buy-submit">
          {t('content.home.buyNow')}
        </Button>
      </Stack>
    </Paper>
  );
}
