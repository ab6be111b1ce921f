export * from './codec';
export * from './error-codes';
export * from './message';
export * from './methods';
export * from './methods/client';
export * from './methods/file';
export * from './methods/fs';
export * from './methods/shell';
