import Chip, { type ChipProps } from '@mui/material/Chip';
import type { SupplierStatus } from '@proxy/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<SupplierStatus, ChipProps['color']> = { ok: 'success', error: 'error', disabled: 'default' };

export function SupplierStatusChip({ status }: { status: SupplierStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      label={t(`suppliers.status.${status}`)}
      data-status={status}
      data-testid="supplier-status"
    />
  );
}
