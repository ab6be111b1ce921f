/** Tokens for values the browser container provides that are not classes. */
export const NotifyError = Symbol('NotifyError');
export type NotifyError = (message: string) => void;

/** The platform id of the branch the open workspace is on (in Bullpen: the open sandbox's id); undefined before one opened. */
export const OpenBranchId = Symbol('OpenBranchId');
export type OpenBranchId = () => string | undefined;
