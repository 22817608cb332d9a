/**
 * Mails and other messages: a row written in the transaction of the
 * change, sent after commit by the writer's kick and by the outbox job for what is left. A deliverer
 * claims due rows with `FOR UPDATE SKIP LOCKED`, sends outside any transaction, then marks the row
 * sent or retries with backoff, so two instances never send one row twice; a crash between sending
 * and marking repeats that one message. Subject and text are sealed with the app key and dropped
 * once sent.
 */
export { countOutboxBacklog } from './count-backlog.js';
export { deliverOutbox, kickOutbox, type ClaimedOutboxRow, type OutboxSender, type OutboxSenders } from './deliver.js';
export { enqueueMail, enqueueMailOnce, enqueueOnce } from './enqueue.js';
export { purgeSentMails } from './purge-sent.js';
export { listUserOutbox, retryUserOutboxRow, type UserOutboxRow } from './user-deliveries.js';
