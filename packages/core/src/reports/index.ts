export * from './periods';
export * from './reports';
export * from './charts';
export * from './dashboard';
export * from './consolidated';
export * from './gasb87';
export * from './gasb87-reports';
