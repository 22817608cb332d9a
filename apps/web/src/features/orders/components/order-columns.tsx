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
import type { TOrder } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { useOrderBaseColumns } from '@/components/order-columns';
import { notifySuccess } from '@/lib/notify';
import { useSetOrderAutoRenew } from '../api/set-order-auto-renew';
import { canAmend } from '../utils/order-amend';
import { canRenew } from '../utils/order-renewal';

export interface OrderActions {
  onRenew: (order: TOrder) => void;
  onBandwidth: (order: TOrder) => void;
  onHistory: (order: TOrder) => void;
  onIncreaseAmount: (order: TOrder) => void;
  onChangeCountry: (order: TOrder) => void;
}

function AutoRenewSwitch({ order }: { order: TOrder }) {
  const { t } = useTranslation();
  const setAutoRenew = useSetOrderAutoRenew();
  return (
    <Switch
      size="small"
      checked={setAutoRenew.isPending ? Boolean(setAutoRenew.variables?.autoRenew) : order.autoRenew}
      disabled={setAutoRenew.isPending}
      onChange={(_, autoRenew) =>
        setAutoRenew.mutate({ id: order.id, autoRenew }, { onSuccess: () => notifySuccess(t('common.updated')) })
      }
      slotProps={{ input: { 'aria-label': t('orders.columns.autoRenew') } }}
      data-testid="order-auto-renew"
    />
  );
}

function RowActions({ order, actions }: { order: TOrder; actions: OrderActions }) {
  const { t } = useTranslation();
  const renewable = canRenew(order);
  return (
    <Stack direction="row">
      {/* docs/product-rules.md#order-states: only expired orders can be renewed; the tooltip says so on the others. */}
      <Tooltip title={renewable ? t('orders.actions.renew') : t('errors.ORDER_NOT_EXPIRED')}>
        <span>
          <IconButton
            size="small"
            color="primary"
            disabled={!renewable}
            onClick={() => actions.onRenew(order)}
            aria-label={t('orders.actions.renew')}
            data-testid="order-renew"
          >
            <AutorenewOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {order.type === 'package' && order.bandwidthGb !== null && (
        <Tooltip title={t('orders.actions.bandwidth')}>
          <IconButton
            size="small"
            onClick={() => actions.onBandwidth(order)}
            aria-label={t('orders.actions.bandwidth')}
            data-testid="order-bandwidth"
          >
            <DataUsageOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canAmend(order) && (
        <>
          <Tooltip title={t('orders.actions.increaseAmount')}>
            <IconButton
              size="small"
              onClick={() => actions.onIncreaseAmount(order)}
              aria-label={t('orders.actions.increaseAmount')}
              data-testid="order-increase-amount"
            >
              <AddCircleOutline fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('orders.actions.changeCountry')}>
            <IconButton
              size="small"
              onClick={() => actions.onChangeCountry(order)}
              aria-label={t('orders.actions.changeCountry')}
              data-testid="order-change-country"
            >
              <PublicOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      )}
      <Tooltip title={t('orders.actions.history')}>
        <IconButton
          size="small"
          onClick={() => actions.onHistory(order)}
          aria-label={t('orders.actions.history')}
          data-testid="order-history"
        >
          <HistoryOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** The customer's order table: the shared columns with the row actions early (phones scroll sideways). */
export function useOrderColumns(actions: OrderActions): GridColDef<TOrder>[] {
  const { t } = useTranslation();
  const [code, ...rest] = useOrderBaseColumns();
  return [
    ...(code ? [code] : []),
    {
      field: 'actions',
      headerName: t('common.actions'),
      minWidth: 190,
      sortable: false,
      renderCell: ({ row }) => <RowActions order={row} actions={actions} />,
    },
    ...rest,
    {
      field: 'autoRenew',
      headerName: t('orders.columns.autoRenew'),
      minWidth: 110,
      renderCell: ({ row }) => <AutoRenewSwitch order={row} />,
    },
  ];
}
