export { payments, type PaymentRow } from './payments.table';
