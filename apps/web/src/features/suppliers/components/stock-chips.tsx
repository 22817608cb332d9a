import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type TSupplierStock } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { sortStock } from '../utils/supplier-format';
import { formatNumber } from '@/lib/format';

/** A supplier's stock per product and country as chips ("v4 · US · 120"); `max` of them, then "+N more". */
export function StockChips({ stock, max }: { stock: readonly TSupplierStock[]; max?: number }) {
  const { t } = useTranslation();
  const sorted = sortStock(stock);
  if (sorted.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {t('suppliers.noStock')}
      </Typography>
    );
  }
  const shown = max === undefined ? sorted : sorted.slice(0, max);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center', py: 0.5 }}>
      {shown.map((s) => (
        <Chip
          key={`${s.product}-${s.country}`}
          size="small"
          variant="outlined"
          color={s.count > 0 ? 'default' : 'warning'}
          label={`${s.product} · ${s.country} · ${formatNumber(s.count)}`}
          data-testid="supplier-stock"
        />
      ))}
      {sorted.length > shown.length && (
        <Typography variant="caption" color="text.secondary">
          {t('suppliers.stockMore', { count: sorted.length - shown.length })}
        </Typography>
      )}
    </Stack>
  );
}
