import Chip, { type ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import type { OrderStatus, ProxyStatus, TopupStatus } from '@proxy/contract';
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

/**
 * docs/product-rules.md#order-states, translated. A waiting order (bought from an upstream supplier,
 * not delivered yet) spins: it turns `using` by itself when `order.updated` arrives.
 */
export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={status === 'waiting' ? <CircularProgress size={12} color="inherit" aria-hidden /> : undefined}
      color={ORDER_COLORS[status]}
      label={t(`common.orderStatus.${status}`)}
      data-status={status}
    />
  );
}

/** docs/product-rules.md#proxy-states: using, expired, locked. */
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

/** docs/product-rules.md#top-up-states: a pending top-up is shown as processing. */
export type TopupStatusLabel = Exclude<TopupStatus, 'pending'> | 'processing';

export function topupStatusLabel(status: TopupStatus): TopupStatusLabel {
  return status === 'pending' ? 'processing' : status;
}

const TOPUP_COLORS: Record<TopupStatusLabel, ChipProps['color']> = {
  processing: 'info',
  success: 'success',
  failed: 'error',
  cancelled: 'default',
  expired: 'warning',
};

/** A top-up's status, translated; `held` marks a payment that waits for an admin. */
export function TopupStatusChip({ status, held = false }: { status: TopupStatus; held?: boolean }) {
  const { t } = useTranslation();
  const label = topupStatusLabel(status);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={held && status !== 'success' ? 'warning' : TOPUP_COLORS[label]}
      label={held && status !== 'success' ? t('common.topupStatus.held') : t(`common.topupStatus.${label}`)}
      data-status={status}
    />
  );
}
