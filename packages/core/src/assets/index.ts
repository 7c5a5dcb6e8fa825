export * from './constants';
export * from './master';
export * from './values';
export * from './asset';
