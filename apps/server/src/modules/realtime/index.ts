/**
 * Realtime events (docs/wire-contract.md#realtime): every event is a branch of the contract's
 * `ZRealtimeEvent`. `publish` NOTIFYs inside the caller's transaction, so an event leaves only on
 * commit; `notifyEventSql` is the same payload for a statement that computes its data itself (the
 * ledger's `balance.changed`). Each instance's `EventHub` LISTENs once and writes to its open
 * streams; revoked sessions (`publishSessionsEnded`) end theirs, each stream rechecks its session
 * once a minute, and after a lost LISTEN every stream gets `resync`. The stream itself is
 * stream.ts.
 */
export {
  EVENTS_CHANNEL,
  SESSIONS_CHANNEL,
  notifyChannel,
  publish,
  publishSessionsEnded,
  realtimeMessage,
  type RealtimeMessage,
  type SessionsEndedMessage,
  notifyEventSql,
} from './publish.js';
export { EventHub } from './hub.js';
