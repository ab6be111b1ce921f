/** Preview tokens open private previews (GET /api/v1/auth/preview_token, docs/protocol/port.md "Access"). */
export const PreviewTokenPort = Symbol('PreviewTokenPort');

export interface PreviewTokenPort {
  /** A new signed preview token (valid 2 hours). */
  fetchToken(): Promise<string>;
}
