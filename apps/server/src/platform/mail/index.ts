/** Mail: queue in the caller's transaction; the delivery job sends. */
export { queueMail, queueMails, type OutgoingMail } from './outbox';
export { MAIL_DELIVERY_JOB, MAX_MAIL_ATTEMPTS, createMailDelivery, type MailDelivery, type DeliveryResult } from './delivery';
