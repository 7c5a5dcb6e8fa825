export * from './periods';
export * from './reports';
export * from './charts';
export * from './dashboard';
export * from './consolidated';
