/** How a workspace request can fail, whatever the transport (adapters wrap transport errors in this). */
export type PortErrorKind = 'rejected' | 'timeout' | 'disconnected' | 'instance-change-required';

export class PortError extends Error {
  constructor(
    readonly kind: PortErrorKind,
    message: string,
    readonly code?: number,
    /** True when sending the same request again can never succeed (e.g. an edit whose text cannot be stored). */
    readonly permanent = false,
    /** The wire error's data (raw fs errors carry `{ errno }`), when there is one. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'PortError';
  }
}
