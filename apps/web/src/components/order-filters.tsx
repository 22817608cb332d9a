import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { ORDER_STATUSES, ORDER_TYPES, type OrderStatus } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { SearchField } from './search-field';

export type OrderType = (typeof ORDER_TYPES)[number];

export interface OrderFilters {
  search: string;
  status: OrderStatus | '';
  type: OrderType | '';
}

export const NO_ORDER_FILTERS: OrderFilters = { search: '', status: '', type: '' };

/**
 * Search, status filter (docs/product-rules.md#order-states) and type, for the customer's and the
 * admin's order lists.
 */
export function OrderFiltersBar({
  value,
  onChange,
  types = ORDER_TYPES,
  searchPlaceholder,
}: {
  value: OrderFilters;
  onChange: (next: OrderFilters) => void;
  types?: readonly OrderType[];
  searchPlaceholder?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr' } }}>
      <SearchField
        placeholder={searchPlaceholder ?? t('orders.searchPlaceholder')}
        value={value.search}
        onChange={(search) => onChange({ ...value, search })}
        testId="orders-search"
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
      />
      <TextField
        select
        label={t('common.status')}
        value={value.status}
        onChange={(event) => onChange({ ...value, status: event.target.value as OrderFilters['status'] })}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        data-testid="orders-status-filter"
      >
        <MenuItem value="">{t('common.all')}</MenuItem>
        {ORDER_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`common.orderStatus.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('common.type')}
        value={value.type}
        onChange={(event) => onChange({ ...value, type: event.target.value as OrderFilters['type'] })}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        data-testid="orders-type-filter"
      >
        <MenuItem value="">{t('common.all')}</MenuItem>
        {types.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`common.product.${type}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
