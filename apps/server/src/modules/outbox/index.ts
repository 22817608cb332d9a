/** Mails: queued in the caller's transaction, sent after commit, retried, purged. */
export { deliverOutbox, enqueueMail, kickOutbox } from './outbox.js';
export { purgeSentMails } from './repository.js';
