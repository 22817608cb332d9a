import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';

/** /api/notify: the caller's alert settings, webhook secret, Telegram link and delivery log. */
const root = ['notify'] as const;

export const notifySettingsQueryOptions = queryOptions({
  queryKey: [...root, 'settings'],
  queryFn: () => api.call('GET /notify/settings'),
});

export function useNotifySettings() {
  return useQuery(notifySettingsQueryOptions);
}

export function useSaveNotifySettings() {
  return useMutation({
    mutationFn: (body: CallBody<'PUT /notify/settings'>) => api.call('PUT /notify/settings', { body }),
    onSuccess: (saved, _v, _r, { client }) => {
      client.setQueryData(notifySettingsQueryOptions.queryKey, saved);
    },
  });
}

export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: () => api.call('POST /notify/webhook-secret'),
    onSuccess: ({ secret }, _v, _r, { client }) => {
      client.setQueryData(notifySettingsQueryOptions.queryKey, (s) => s && { ...s, webhookSecret: secret });
    },
  });
}

export function useTelegramLink() {
  return useMutation({ mutationFn: () => api.call('POST /notify/telegram-link') });
}

export interface DeliveryListParams {
  page: number;
  limit: number;
}

export const deliveriesQueryOptions = (params: DeliveryListParams) =>
  queryOptions({
    queryKey: [...root, 'deliveries', params],
    queryFn: () => api.call('GET /notify/deliveries', { query: params }),
    placeholderData: keepPreviousData,
  });

export function useDeliveries(params: DeliveryListParams) {
  return useQuery(deliveriesQueryOptions(params));
}

function invalidateDeliveries(client: import('@tanstack/react-query').QueryClient) {
  return client.invalidateQueries({ queryKey: [...root, 'deliveries'] });
}

export function useSendTestPing() {
  return useMutation({
    mutationFn: () => api.call('POST /notify/test'),
    onSettled: (_d, _e, _v, _r, { client }) => invalidateDeliveries(client),
  });
}

export function useRetryDelivery() {
  return useMutation({
    mutationFn: (id: string) => api.call('POST /notify/deliveries/:id/retry', { params: { id } }),
    onSettled: (_d, _e, _v, _r, { client }) => invalidateDeliveries(client),
  });
}
