import Chip, { type ChipProps } from '@mui/material/Chip';
import type { OrderStatus, ProxyStatus } from '@proxy/contract';
import { useTranslation } from 'react-i18next';

const ORDER_COLORS: Record<OrderStatus, ChipProps['color']> = {
  waiting: 'default',
  using: 'success',
  renewing: 'info',
  increasing_bandwidth: 'info',
  expired: 'warning',
  cancelled: 'default',
};

const PROXY_COLORS: Record<ProxyStatus, ChipProps['color']> = {
  using: 'success',
  expired: 'warning',
  locked: 'error',
};

/** seed-spec §4 "Order statuses", translated. */
export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={ORDER_COLORS[status]}
      label={t(`common.orderStatus.${status}`)}
      data-status={status}
    />
  );
}

/** seed-spec §4 "Proxy": using, expired, locked. */
export function ProxyStatusChip({ status }: { status: ProxyStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={PROXY_COLORS[status]}
      label={t(`common.proxyStatus.${status}`)}
      data-status={status}
    />
  );
}
