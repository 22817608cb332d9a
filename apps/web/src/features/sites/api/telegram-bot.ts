import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/notify/admin/telegram: the site's alert bot (configured, its @name, the Bot API base URL). */
export const telegramBotQueryOptions = queryOptions({
  queryKey: [...queryRoots.admin, 'telegram-bot'],
  queryFn: () => api.call('GET /notify/admin/telegram'),
});

export function useTelegramBot() {
  return useQuery(telegramBotQueryOptions);
}

/** PUT /api/notify/admin/telegram: a token (checked by the server with getMe), or null to remove the bot. */
export function useUpdateTelegramBot() {
  return useMutation({
    mutationFn: (body: CallBody<'PUT /notify/admin/telegram'>) => api.call('PUT /notify/admin/telegram', { body }),
    onSuccess: (bot, _v, _r, { client }) => client.setQueryData(telegramBotQueryOptions.queryKey, bot),
  });
}
