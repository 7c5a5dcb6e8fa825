/**
 * Import and export of an airport's data (issue 23). The contract (kinds, columns, cell types) is in
 * `contract.ts`: a kind's columns file imports from there, not from this index (which re-exports the
 * kinds' files, so importing it from one of them would be a cycle).
 */
export * from './contract';
export * from './cells';
export * from './named-values';
export * from './properties';
export * from './assets';
export * from './balances';
export * from './invoices';
export * from './agreements';
export * from './applicants';
export * from './columns-by-kind';
export * from './companies';
export * from './insurances';
