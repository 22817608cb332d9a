import { useState } from 'react';
import Button from '@mui/material/Button';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import type { TOrder } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { NO_ORDER_FILTERS, OrderFiltersBar, type OrderFilters } from '@/components/order-filters';
import { PageHeader } from '@/components/page-header';
import { ItemList } from '@/components/item-list';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { usePaging } from '@/hooks/use-paging';
import { useRowSelection } from '@/hooks/use-row-selection';
import { notifyError } from '@/lib/notify';
import { useOrders } from '../api/list-orders';
import { BandwidthDialog } from '../components/bandwidth-dialog';
import { ChangeCountryDialog } from '../components/change-country-dialog';
import { HistoryDialog } from '../components/history-dialog';
import { IncreaseAmountDialog } from '../components/increase-amount-dialog';
import { useOrderView } from '../components/order-columns';
import { RenewLiveDialog } from '../components/renew-live-dialog';
import { RenewOrderDialog } from '../components/renew-order-dialog';
import { RenewSelectedDialog } from '../components/renew-selected-dialog';
import { renewSelectionProblem } from '../utils/order-renewal';

type OpenDialog =
  | { kind: 'renew' | 'renewLive' | 'bandwidth' | 'history' | 'increaseAmount' | 'changeCountry'; order: TOrder }
  | { kind: 'renewSelected'; orders: TOrder[] }
  | null;

/** The open dialog: one of an order's actions, or the renewal of the chosen orders. */
function OrderDialog({
  dialog,
  onClose,
  onRenewed,
}: {
  dialog: OpenDialog;
  onClose: () => void;
  onRenewed: (renewed: boolean) => void;
}) {
  switch (dialog?.kind) {
    case undefined:
      return null;
    case 'renew':
      return <RenewOrderDialog order={dialog.order} onClose={onClose} />;
    case 'renewLive':
      return <RenewLiveDialog order={dialog.order} onClose={onClose} />;
    case 'bandwidth':
      return <BandwidthDialog order={dialog.order} onClose={onClose} />;
    case 'history':
      return <HistoryDialog order={dialog.order} onClose={onClose} />;
    case 'increaseAmount':
      return <IncreaseAmountDialog order={dialog.order} onClose={onClose} />;
    case 'changeCountry':
      return <ChangeCountryDialog order={dialog.order} onClose={onClose} />;
    case 'renewSelected':
      return <RenewSelectedDialog orders={dialog.orders} onDone={onRenewed} />;
  }
}

/** Renews the chosen orders, once they are a valid choice: at least one, and all expired. */
function useRenewSelected(chosen: TOrder[], open: (dialog: OpenDialog) => void) {
  const { t } = useTranslation();
  return () => {
    const problem = renewSelectionProblem(chosen);
    if (problem === 'needSelection') {
      notifyError(t('orders.errors.needSelection'));
    } else if (problem === 'onlyExpired') {
      notifyError(t('errors.ORDER_NOT_EXPIRED'));
    } else {
      open({ kind: 'renewSelected', orders: chosen });
    }
  };
}

/** /order: docs/screens.md#order-management. */
export function OrdersRoute() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [filters, setFilters] = useState<OrderFilters>(NO_ORDER_FILTERS);
  const search = useDebouncedValue(filters.search.trim());
  const selection = useRowSelection();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const orders = useOrders({
    page: paging.page,
    limit: paging.limit,
    search,
    status: filters.status || undefined,
    type: filters.type || undefined,
  });
  const view = useOrderView({
    onRenew: (order) => setDialog({ kind: 'renew', order }),
    onRenewLive: (order) => setDialog({ kind: 'renewLive', order }),
    onBandwidth: (order) => setDialog({ kind: 'bandwidth', order }),
    onHistory: (order) => setDialog({ kind: 'history', order }),
    onIncreaseAmount: (order) => setDialog({ kind: 'increaseAmount', order }),
    onChangeCountry: (order) => setDialog({ kind: 'changeCountry', order }),
  });

  const renewSelected = useRenewSelected(selection.chosen(orders.data?.items ?? []), setDialog);

  const changeFilters = (next: OrderFilters) => {
    setFilters(next);
    paging.reset();
    selection.clear();
  };

  return (
    <>
      <PageHeader
        title={t('orders.title')}
        actions={
          <Button
            variant="contained"
            startIcon={<AutorenewOutlined />}
            onClick={renewSelected}
            disabled={selection.chosen(orders.data?.items ?? []).length === 0}
            data-testid="orders-renew-selected"
          >
            {t('orders.renewSelected.button')}
          </Button>
        }
      />
      <OrderFiltersBar value={filters} onChange={changeFilters} />
      <ItemList
        testId="orders-grid"
        list={orders}
        paging={paging}
        selection={selection}
        columns={view.columns}
        card={view.card}
        detailsTitle={t('orders.details')}
        details={view.details}
        rowHeight={60}
      />
      <OrderDialog
        dialog={dialog}
        onClose={() => setDialog(null)}
        onRenewed={(renewed) => {
          setDialog(null);
          if (renewed) {
            selection.clear();
          }
        }}
      />
    </>
  );
}
