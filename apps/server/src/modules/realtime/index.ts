/**
 * Realtime events: `publish` NOTIFYs inside the caller's transaction, `publishSessionsEnded` ends
 * revoked sessions' streams, `EventHub` (app.ts) LISTENs and writes to the open streams. The stream
 * itself is routes.ts, registered by app.ts.
 */
export {
  EVENTS_CHANNEL,
  publish,
  publishSessionsEnded,
  realtimeMessage,
  type RealtimeMessage,
  type SessionsEndedMessage,
  notifyEventSql,
} from './repository.js';
export { EventHub } from './hub.js';
