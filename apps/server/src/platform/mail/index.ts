/** Mail: queue in the caller's transaction; the delivery job sends. */
export { queueMail, queueMails, attachToQueuedMail, releaseHeldMail, isMailAwaitingAttachments, refsAwaitingAttachments, type OutgoingMail, type MailAttachment, type QueuedMailTarget } from './outbox';
export { nudgeMailDelivery } from './nudge';
export { MAIL_DELIVERY_JOB, MAX_MAIL_ATTEMPTS, createMailDelivery, type MailDelivery, type DeliveryResult } from './delivery';
