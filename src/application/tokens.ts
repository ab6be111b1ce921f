/** Tokens for values the browser container provides that are not classes. */
export const NotifyError = Symbol('NotifyError');
export type NotifyError = (message: string) => void;
