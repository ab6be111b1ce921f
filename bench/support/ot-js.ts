/** Typed access to the reference implementation, ot.js 0.0.15 (devDependency `ot`, no type declarations), for benchmarks. */
export type OtJsJson = Array<number | string>;

export interface OtJsOperation {
  readonly ops: OtJsJson;
  readonly baseLength: number;
  readonly targetLength: number;
  retain(n: number): OtJsOperation;
  insert(s: string): OtJsOperation;
  delete(n: number): OtJsOperation;
  apply(doc: string): string;
  invert(doc: string): OtJsOperation;
  compose(other: OtJsOperation): OtJsOperation;
  toJSON(): OtJsJson;
}

export interface OtJsOperationClass {
  new (): OtJsOperation;
  fromJSON(json: OtJsJson): OtJsOperation;
  transform(a: OtJsOperation, b: OtJsOperation): [OtJsOperation, OtJsOperation];
}

export interface OtJsRange {
  anchor: number;
  head: number;
  transform(op: OtJsOperation): OtJsRange;
}

export interface OtJsServer {
  document: string;
  operations: OtJsOperation[];
  receiveOperation(revision: number, op: OtJsOperation): OtJsOperation;
}

interface OtJsModule {
  TextOperation: OtJsOperationClass;
  Server: new (document: string) => OtJsServer;
  Selection: { Range: new (anchor: number, head: number) => OtJsRange };
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const otjs = require('ot') as OtJsModule;
