/**
 * The wait before retry number `step` (0 for the first retry): `firstMs`, doubling each step, at
 * most `capMs`. The outbox, webhooks and upstream purchases each pick their own first wait and cap.
 */
export function backoff(step: number, firstMs: number, capMs: number): number {
  return Math.min(capMs, firstMs * 2 ** Math.max(0, step));
}
