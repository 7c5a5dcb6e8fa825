export * from './invoice';
export * from './billing-rules';
export * from './billing-run';
