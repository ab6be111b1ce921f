/** Container tokens of the server's own composition (not ports: values and selections made at start). */
export const Config = Symbol('Config');
export const NewId = Symbol('NewId');
export type NewId = () => string;
/** Which runtime runs workspace processes and what to say about it at start (ADR 0010). */
export const ProcessRuntimeSelection = Symbol('ProcessRuntimeSelection');
/** The opened platform database (ADR 0022). */
export const Database = Symbol('Database');
/** The clock platform rules read. */
export const Now = Symbol('Now');
export type Now = () => Date;
