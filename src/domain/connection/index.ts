export * from './connection-machine';
export * from './connection-progress';
export * from './connection-state';
export * from './connection.errors';
export * from './keep-alive';
export * from './resync-order';
export * from './retry-policy';
export * from './send-policy';
