export * from './master-data';
export * from './property';
export * from './listings';
export * from './geocode';
