import { MAX_BATCH_IDS, type TOrder } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { RenewItemsDialog } from '@/components/renew-items-dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useOrderLiveProxies, useRenewOrderProxies } from '../api/renew-order-proxies';

/** Renewing a live retail order's proxies in use, priced and confirmed; they keep their addresses. */
export function RenewLiveDialog({ order, onClose }: { order: TOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const proxies = useOrderLiveProxies(order);
  const renew = useRenewOrderProxies();
  const items = proxies.data ?? [];
  // One renewal is one batch call: an order past a batch renews from proxy management instead.
  const tooMany = items.length > MAX_BATCH_IDS;
  return (
    <RenewItemsDialog
      product={order.product}
      items={items}
      title={t('orders.renewLive.title', { code: order.code })}
      message={
        tooMany
          ? t('orders.renewLive.tooMany', { count: items.length, max: MAX_BATCH_IDS })
          : t('orders.renewLive.message', { count: items.length })
      }
      defaultPeriod={order.period}
      pending={renew.isPending || proxies.isPending}
      onConfirm={(period) =>
        tooMany
          ? notifyError(t('orders.renewLive.tooMany', { count: items.length, max: MAX_BATCH_IDS }))
          : renew.mutate(
              { product: order.product === 'v4' ? 'v4' : 'v6', listProxyId: items.map((p) => p.id), period },
              {
                onSuccess: () => {
                  notifySuccess(t('orders.renewLive.success', { code: order.code, count: items.length }));
                  onClose();
                },
              },
            )
      }
      onClose={onClose}
    />
  );
}
