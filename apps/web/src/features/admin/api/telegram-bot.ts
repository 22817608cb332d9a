import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ZTelegramBotSettings, ZTelegramBotUpdate } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

type Bot = z.infer<typeof ZTelegramBotSettings>;

/** GET /api/notify/admin/telegram: the site's alert bot (configured, its @name, the Bot API base URL). */
export const telegramBotQueryOptions = queryOptions({
  queryKey: [...queryRoots.admin, 'telegram-bot'],
  queryFn: () => api.get<Bot>('/notify/admin/telegram'),
});

export function useTelegramBot() {
  return useQuery(telegramBotQueryOptions);
}

/** PUT /api/notify/admin/telegram: a token (checked by the server with getMe), or null to remove the bot. */
export function useUpdateTelegramBot() {
  return useMutation({
    mutationFn: (body: z.infer<typeof ZTelegramBotUpdate>) => api.put<Bot>('/notify/admin/telegram', body),
    onSuccess: (bot, _v, _r, { client }) => client.setQueryData(telegramBotQueryOptions.queryKey, bot),
  });
}
