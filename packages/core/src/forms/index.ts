export * from './schema';
export * from './answers';
