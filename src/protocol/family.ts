import { Schema } from './schema';

/**
 * A protocol family (client, fs, file, shell, git, …): its requests with their params and results, its
 * notifications, a params schema per request and the permission each request needs (spec 002 §6). Each family
 * lives in src/protocol/methods/<family>.ts; methods.ts composes them.
 */
export type FamilyRequests<R> = { [M in keyof R]: { params: unknown; result: unknown } };

export type RequestSchemas<R extends FamilyRequests<R>> = { [M in keyof R]: Schema<R[M]['params']> };

/**
 * The permission a request needs: a [group, name] of PitcherPermissions, or 'joined' for requests any joined
 * client may make. Every request names one, so the permission table is exhaustive by construction.
 */
export type PermissionRef = readonly [group: string, name: string] | 'joined';
export type RequestPermissions<R extends FamilyRequests<R>> = { [M in keyof R]: PermissionRef };
