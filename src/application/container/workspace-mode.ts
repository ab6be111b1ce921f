/**
 * How the client reaches the workspace (spec 002 §1): 'pitcher' over a workspace server, or 'browser' (the
 * browser-only mode, files through the REST API, no server). Each mode's composition binds its own.
 */
export const WorkspaceMode = Symbol('WorkspaceMode');
export type WorkspaceMode = 'pitcher' | 'browser';
