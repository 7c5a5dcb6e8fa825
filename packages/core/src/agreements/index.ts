export * from './agreement';
export * from './property-items';
