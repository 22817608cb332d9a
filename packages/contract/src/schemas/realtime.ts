import { z } from 'zod';
import { ORDER_STATUSES } from './orders.js';

// ---- realtime (GET /api/events; docs/wire-contract.md#realtime) ----

/** `topup.success`: a top-up was credited (with its promotion bonus) and the balance after it. */
export const ZTopupSuccessEvent = z.object({
  id: z.string(),
  amount: z.number().int(),
  bonus: z.number().int(),
  balance: z.number().int(),
});
export type TTopupSuccessEvent = z.infer<typeof ZTopupSuccessEvent>;

/** `balance.changed`: any ledger row; the balance after it. */
export const ZBalanceChangedEvent = z.object({ balance: z.number().int() });
export type TBalanceChangedEvent = z.infer<typeof ZBalanceChangedEvent>;

/** `order.updated`: an order's status or expiry changed (a renewal, an expiry, another tab or device). */
export const ZOrderUpdatedEvent = z.object({ id: z.string(), status: z.enum(ORDER_STATUSES) });
export type TOrderUpdatedEvent = z.infer<typeof ZOrderUpdatedEvent>;

/**
 * `resync {}`: events may have been lost (the server's database listener reconnected); the
 * client refetches the balance and what the lost events would have refreshed.
 */
export const ZResyncEvent = z.object({});

/** Every event the server sends a browser: its SSE event name (`type`) and its data. */
export const ZRealtimeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('topup.success'), data: ZTopupSuccessEvent }),
  z.object({ type: z.literal('balance.changed'), data: ZBalanceChangedEvent }),
  z.object({ type: z.literal('order.updated'), data: ZOrderUpdatedEvent }),
  z.object({ type: z.literal('resync'), data: ZResyncEvent }),
]);
export type TRealtimeEvent = z.infer<typeof ZRealtimeEvent>;
export type RealtimeEventType = TRealtimeEvent['type'];
/** The data of the event named `T`. */
export type RealtimeEventData<T extends RealtimeEventType> = Extract<TRealtimeEvent, { type: T }>['data'];

/** Every event name, from the union above. */
export const REALTIME_EVENTS: readonly RealtimeEventType[] = ZRealtimeEvent.options.map((o) => o.shape.type.value);
