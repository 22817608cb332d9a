/** Mails and other messages: queued in the caller's transaction, sent after commit, retried, purged. */
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
