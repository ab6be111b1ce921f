export * from './terminal-status';
export * from './transcript';
