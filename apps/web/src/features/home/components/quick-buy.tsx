import { useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { discountPercent, quote, type PeriodUnit, type TRetailPrice } from '@proxy/contract';
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

/** A choice the buy form accepts: 1 to 1,000 periods, and a quantity in whole steps up to the row's maximum. */
function isValidChoice(row: TRetailPrice | undefined, value: number, quantity: number): row is TRetailPrice {
  return (
    row !== undefined &&
    Number.isInteger(value) &&
    value >= 1 &&
    value <= 1000 &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity % row.quantityStep === 0 &&
    quantity <= row.maxQuantity
  );
}

/** A small select of the quick-buy bar. */
function ChoiceField<V extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  testId?: string;
}) {
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as V)}
      {...(testId ? { slotProps: { htmlInput: { 'data-testid': testId } } } : {})}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The quantity, in the row's steps; it waits for the prices. */
function QuantityField({
  row,
  quantity,
  invalid,
  onChange,
}: {
  row: TRetailPrice | undefined;
  quantity: number;
  invalid: boolean;
  onChange: (quantity: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      fullWidth
      size="small"
      type="number"
      label={t('common.quantity')}
      value={row ? fieldFromNumber(quantity) : ''}
      disabled={!row}
      onChange={(e) => onChange(numberFromField(e.target.value))}
      error={invalid}
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
  );
}

/** The total in coins and dollars, and the discount it includes. */
function Total({ price }: { price: ReturnType<typeof quote> | null }) {
  const { t } = useTranslation();
  return (
    <Typography data-testid="quick-buy-total">
      {t('common.total')}: <strong>{price ? `${formatBalance(price.total, t)} (${usd(price.total)})` : '—'}</strong>
      {price && price.discount > 0 && (
        <Typography component="span" variant="body2" color="success.main" sx={{ ml: 1 }}>
          {t('content.home.discount', { amount: formatNumber(price.discount) })}
        </Typography>
      )}
    </Typography>
  );
}

/** How many periods: 1 to 1,000. */
function PeriodValueField({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      fullWidth
      size="small"
      type="number"
      label={t('common.periodValueLabel')}
      value={fieldFromNumber(value)}
      onChange={(e) => onChange(numberFromField(e.target.value))}
      slotProps={{ htmlInput: { min: 1, max: 1000 } }}
    />
  );
}

/** The visitor's choice: the products on sale, then a country, unit and quantity the prices allow. */
function useQuickBuyChoice() {
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
  return {
    products,
    product,
    setProduct,
    tiers,
    countries,
    country,
    setCountry,
    units,
    unit,
    setUnit,
    value,
    setValue,
    row,
    quantity,
    setQuantity,
  };
}

/**
 * docs/screens.md#home: buy by quantity. The visitor picks product, country, period and quantity
 * and sees the price; "Buy" leads to sign-up, and after sign-in to the dashboard's buy form with
 * this choice filled in.
 */
export function QuickBuy() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const c = useQuickBuyChoice();
  const { products, product, setProduct, tiers, countries, country, setCountry, units, unit, setUnit } = c;
  const { value, setValue, row, quantity, setQuantity } = c;

  if (products.length === 0) {
    return null;
  }
  const valid = isValidChoice(row, value, quantity);
  const price = valid
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
          <ChoiceField
            label={t('content.home.product')}
            value={product}
            options={products.map((p) => ({ value: p, label: t(`content.home.tabs.${p}`) }))}
            onChange={setProduct}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <ChoiceField
            label={t('common.country')}
            value={country}
            options={countries.map((c) => ({ value: c.country, label: countryName(c.country, i18n.language) }))}
            onChange={setCountry}
            testId="quick-buy-country"
          />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <ChoiceField
            label={t('common.periodUnitLabel')}
            value={unit}
            options={units.map((u) => ({ value: u, label: t(`common.periodUnit.${u}`) }))}
            onChange={setUnit}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <PeriodValueField value={value} onChange={setValue} />
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <QuantityField row={row} quantity={quantity} invalid={!valid && row !== undefined} onChange={setQuantity} />
        </Grid>
      </Grid>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Total price={price} />
        <Button variant="contained" size="large" disabled={!valid} onClick={buy} data-testid="quick-buy-submit">
          {t('content.home.buyNow')}
        </Button>
      </Stack>
    </Paper>
  );
}
