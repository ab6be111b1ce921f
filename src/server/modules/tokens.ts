/** Container tokens of the server's own composition (not ports: values and selections made at start). */
export const Config = Symbol('Config');
export const NewId = Symbol('NewId');
export type NewId = () => string;
/** The access secret (ADR 0007), resolved once: BULLPEN_ACCESS_TOKEN, the stored one, or none on loopback. */
export const AccessSecretToken = Symbol('AccessSecret');
/** Which runtime runs workspace processes and what to say about it at start (ADR 0010). */
export const ProcessRuntimeSelection = Symbol('ProcessRuntimeSelection');
/** The opened platform database (ADR 0022). */
export const Database = Symbol('Database');
/** The clock platform rules read. */
export const Now = Symbol('Now');
export type Now = () => Date;
