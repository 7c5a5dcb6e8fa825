export * from './invoice';
export * from './billing-rules';
