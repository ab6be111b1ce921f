/** How a workspace request can fail, whatever the transport (adapters wrap transport errors in this). */
export type PortErrorKind = 'rejected' | 'timeout' | 'disconnected';

export class PortError extends Error {
  constructor(
    readonly kind: PortErrorKind,
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'PortError';
  }
}
