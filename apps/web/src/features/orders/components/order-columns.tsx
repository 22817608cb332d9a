import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import DataUsageOutlined from '@mui/icons-material/DataUsageOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TOrder } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { OrderStatusChip } from '@/components/status-chip';
import type { DetailField } from '@/components/item-list';
import { orderPackageName } from '@/lib/catalog/package-name';
import { countryName, formatMoney, formatNumber, formatPeriod } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useSetOrderAutoRenew } from '../api/set-order-auto-renew';
import { canAmend } from '../utils/order-amend';
import { canRenew, canRenewLive } from '../utils/order-renewal';

export interface OrderActions {
  onRenew: (order: TOrder) => void;
  onRenewLive: (order: TOrder) => void;
  onBandwidth: (order: TOrder) => void;
  onHistory: (order: TOrder) => void;
  onIncreaseAmount: (order: TOrder) => void;
  onChangeCountry: (order: TOrder) => void;
}

/**
 * The order's auto-renew switch. Its proxies can differ (each has its own switch in proxy
 * management): then it says "mixed", and a click turns them all on.
 */
function AutoRenewSwitch({ order }: { order: TOrder }) {
  const { t } = useTranslation();
  const setAutoRenew = useSetOrderAutoRenew();
  const mixed = Boolean(order.autoRenewMixed) && !setAutoRenew.isPending;
  return (
    // In the grid's narrow column the "mixed" chip wraps under the switch instead of being cut off.
    <Stack
      direction="row"
      sx={{ alignItems: 'center', alignContent: 'center', flexWrap: 'wrap', gap: 0.5, height: '100%' }}
    >
      <Switch
        size="small"
        checked={setAutoRenew.isPending ? Boolean(setAutoRenew.variables?.autoRenew) : order.autoRenew && !mixed}
        disabled={setAutoRenew.isPending}
        onChange={() =>
          setAutoRenew.mutate(
            { id: order.id, autoRenew: mixed ? true : !order.autoRenew },
            { onSuccess: () => notifySuccess(t('common.updated')) },
          )
        }
        slotProps={{ input: { 'aria-label': t('orders.columns.autoRenew') } }}
        data-testid="order-auto-renew"
      />
      {mixed && (
        <Chip size="small" variant="outlined" label={t('orders.autoRenewMixed')} data-testid="order-auto-renew-mixed" />
      )}
    </Stack>
  );
}

function ActionButton({
  title,
  testId,
  disabled,
  onClick,
  icon,
  color,
}: {
  title: string;
  testId: string;
  disabled?: boolean;
  onClick: () => void;
  icon: ReactNode;
  color?: 'primary';
}) {
  return (
    <Tooltip title={title}>
      <span>
        <IconButton
          size="small"
          color={color}
          disabled={disabled}
          onClick={onClick}
          aria-label={title}
          data-testid={testId}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function RowActions({ order, actions }: { order: TOrder; actions: OrderActions }) {
  const { t } = useTranslation();
  const live = canRenewLive(order);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
      {/* docs/product-rules.md#order-states: an expired order renews itself; a live retail order renews its proxies. */}
      {live ? (
        <ActionButton
          title={t('orders.actions.renewLive')}
          testId="order-renew-live"
          color="primary"
          onClick={() => actions.onRenewLive(order)}
          icon={<AutorenewOutlined fontSize="small" />}
        />
      ) : (
        <ActionButton
          title={canRenew(order) ? t('orders.actions.renew') : t('errors.ORDER_NOT_EXPIRED')}
          testId="order-renew"
          color="primary"
          disabled={!canRenew(order)}
          onClick={() => actions.onRenew(order)}
          icon={<AutorenewOutlined fontSize="small" />}
        />
      )}
      {order.type === 'package' && order.bandwidthGb !== null && (
        <ActionButton
          title={t('orders.actions.bandwidth')}
          testId="order-bandwidth"
          onClick={() => actions.onBandwidth(order)}
          icon={<DataUsageOutlined fontSize="small" />}
        />
      )}
      {canAmend(order) && (
        <>
          <ActionButton
            title={t('orders.actions.increaseAmount')}
            testId="order-increase-amount"
            onClick={() => actions.onIncreaseAmount(order)}
            icon={<AddCircleOutline fontSize="small" />}
          />
          <ActionButton
            title={t('orders.actions.changeCountry')}
            testId="order-change-country"
            onClick={() => actions.onChangeCountry(order)}
            icon={<PublicOutlined fontSize="small" />}
          />
        </>
      )}
      <ActionButton
        title={t('orders.actions.history')}
        testId="order-history"
        onClick={() => actions.onHistory(order)}
        icon={<HistoryOutlined fontSize="small" />}
      />
    </Stack>
  );
}

/** Proxies renewed one by one make an order's expiry a range: its earliest and latest. */
function Expiry({ order }: { order: TOrder }) {
  const { t } = useTranslation();
  const first = order.earliestExpiresAt;
  const last = order.latestExpiresAt;
  if (!first || !last || first === last) {
    const at = first ?? order.expiresAt;
    return <span>{at ? formatDateTime(at) : t('common.none')}</span>;
  }
  return (
    <Stack data-testid="order-expiry-range" sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.3 }}>
      <span>{t('orders.expiry.earliest', { date: formatDateTime(first) })}</span>
      <span>{t('orders.expiry.latest', { date: formatDateTime(last) })}</span>
    </Stack>
  );
}

/** An order in words: what it is (product, package, country), and how many for how long. */
function useOrderText() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // The product, the package (or key package) as bought in the reader's language, the country.
  const what = (o: TOrder) =>
    [
      t(`common.product.${o.type === 'package' ? o.product : o.type}`),
      orderPackageName(o, lang),
      countryName(o.country, lang),
    ]
      .filter(Boolean)
      .join(' · ');
  const amount = (o: TOrder) => `${formatNumber(o.quantity, lang)} × ${formatPeriod(o.period, t)}`;
  return { what, amount };
}

/** The columns that fit at 1,366 px; the rest are in the details drawer. */
function useOrderColumns(actions: OrderActions): GridColDef<TOrder>[] {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { what, amount } = useOrderText();
  return [
    {
      field: 'code',
      headerName: t('orders.columns.code'),
      minWidth: 170,
      flex: 1.4,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.3, minWidth: 0 }}>
          <span style={{ fontFamily: 'monospace' }}>{row.code}</span>
          <span style={{ fontSize: '0.8rem', opacity: 0.7, overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {what(row)}
          </span>
        </Stack>
      ),
    },
    {
      field: 'quantity',
      headerName: t('common.quantity'),
      minWidth: 110,
      flex: 0.6,
      sortable: false,
      valueGetter: (_value, row) => amount(row),
    },
    {
      field: 'status',
      headerName: t('common.status'),
      // "Đang sử dụng" is the longest status chip.
      minWidth: 140,
      sortable: false,
      renderCell: ({ row }) => <OrderStatusChip status={row.status} />,
    },
    {
      field: 'totalPrice',
      headerName: t('common.total'),
      minWidth: 130,
      flex: 0.7,
      sortable: false,
      // English adds dollars: the total wraps onto a second line rather than widening the table.
      renderCell: ({ row }) => (
        <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.3, whiteSpace: 'normal' }}>
          {formatMoney(row.totalPrice, t, lang)}
        </Stack>
      ),
    },
    {
      field: 'expiresAt',
      headerName: t('orders.columns.expiresAt'),
      minWidth: 150,
      sortable: false,
      renderCell: ({ row }) => <Expiry order={row} />,
    },
    {
      field: 'autoRenew',
      headerName: t('orders.columns.autoRenew'),
      minWidth: 110,
      sortable: false,
      renderCell: ({ row }) => <AutoRenewSwitch order={row} />,
    },
    {
      field: 'actions',
      headerName: t('common.actions'),
      minWidth: 150,
      sortable: false,
      renderCell: ({ row }) => <RowActions order={row} actions={actions} />,
    },
  ];
}

/**
 * The customer's orders as proxy management shows its proxies: at 1,366 px the columns that fit
 * (the rest in the details drawer), on a phone a card per order with its actions.
 */
export function useOrderView(actions: OrderActions) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { what, amount } = useOrderText();
  const date = (value: string | null) => (value ? formatDateTime(value) : t('common.none'));

  const columns = useOrderColumns(actions);

  const card = (o: TOrder) => ({
    title: (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <span style={{ fontFamily: 'monospace' }}>{o.code}</span>
        <OrderStatusChip status={o.status} />
      </Stack>
    ),
    lines: [
      <span key="what">{what(o)}</span>,
      <span key="amount">
        {amount(o)} · {formatMoney(o.totalPrice, t, lang)}
      </span>,
      <span key="expiry">
        {t('orders.columns.expiresAt')}: <Expiry order={o} />
      </span>,
      <Stack key="auto" direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
        {t('orders.columns.autoRenew')} <AutoRenewSwitch order={o} />
      </Stack>,
      <RowActions key="actions" order={o} actions={actions} />,
    ],
  });

  const details = (o: TOrder): DetailField[] => [
    { label: t('orders.columns.code'), value: o.code },
    { label: t('common.type'), value: what(o) },
    { label: t('common.quantity'), value: formatNumber(o.quantity, lang) },
    { label: t('common.period'), value: formatPeriod(o.period, t) },
    {
      label: t('orders.columns.bandwidth'),
      value:
        o.bandwidthGb === null ? t('orders.bandwidthUnlimited') : t('orders.bandwidthValue', { gb: o.bandwidthGb }),
    },
    { label: t('common.status'), value: <OrderStatusChip status={o.status} /> },
    { label: t('common.total'), value: formatMoney(o.totalPrice, t, lang) },
    { label: t('orders.columns.paidAt'), value: date(o.paidAt) },
    { label: t('orders.columns.expiresAt'), value: <Expiry order={o} /> },
    { label: t('orders.columns.autoRenew'), value: <AutoRenewSwitch order={o} /> },
    { label: t('common.actions'), value: <RowActions order={o} actions={actions} /> },
  ];

  return { columns, card, details };
}
