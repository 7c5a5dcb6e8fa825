export * from './cron';
export * from './system-settings';
export * from './master-data';
export * from './cpi-index';
export * from './setup-checklist';
