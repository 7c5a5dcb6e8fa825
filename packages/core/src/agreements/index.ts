export * from './agreement';
export * from './property-items';
export * from './rent-adjustment';
export * from './insurance-compliance';
