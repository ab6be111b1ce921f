/** Broken invariants throw; expected outcomes are Results. */
export class AssertionError extends Error {
  override readonly name = 'AssertionError';
}

export function assert(condition: unknown, message = 'Assertion failed'): asserts condition {
  if (!condition) throw new AssertionError(message);
}

export function assertNever(value: never, message = 'Unexpected value'): never {
  throw new AssertionError(`${message}: ${JSON.stringify(value)}`);
}
