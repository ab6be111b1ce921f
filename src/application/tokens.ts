/** Tokens for values the browser container provides that are not classes. */
export const NotifyError = Symbol('NotifyError');
export type NotifyError = (message: string) => void;
/** A notice that something went as asked (a toast that is not an error). */
export const NotifyInfo = Symbol('NotifyInfo');
export type NotifyInfo = (message: string) => void;

/** The platform id of the branch the open workspace is on (in Bullpen: the open sandbox's id); undefined before one opened. */
export const OpenBranchId = Symbol('OpenBranchId');
export type OpenBranchId = () => string | undefined;

/** Whether the page is shown now (not a background tab or a minimised window); background work waits while not. */
export const WindowActive = Symbol('WindowActive');
export type WindowActive = () => boolean;
