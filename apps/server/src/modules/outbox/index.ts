/**
 * Mails and other messages: a row written in the transaction of the
 * change, sent after commit by the writer's kick and by the outbox job for what is left. A deliverer
 * claims due rows with `FOR UPDATE SKIP LOCKED`, sends outside any transaction, then marks the row
 * sent or retries with backoff, so two instances never send one row twice; a crash between sending
 * and marking repeats that one message. Subject and text are sealed with the app key and dropped
 * once sent.
 */
export {
  deliverOutbox,
  enqueueMail,
  enqueueMailOnce,
  enqueueOnce,
  kickOutbox,
  type OutboxSender,
  type OutboxSenders,
} from './outbox.js';
export type { ClaimedOutboxRow } from './repository.js';
export {
  countOutboxBacklog,
  listUserOutbox,
  purgeSentMails,
  retryUserOutboxRow,
  type UserOutboxRow,
} from './repository.js';
