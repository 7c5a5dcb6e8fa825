export * from './modules';
export * from './user';
export * from './can';
export * from './menu';
