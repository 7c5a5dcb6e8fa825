export { balanceRecords, type BalanceRecordRow } from './balances.table';
