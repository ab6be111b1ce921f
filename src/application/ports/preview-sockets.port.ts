/**
 * How many websockets are open through a port's preview now (GET /api/v1/sandboxes/:id/previews/:port,
 * docs/protocol/port.md "Hot reload"): a page that keeps one open (a dev server's hot reload) updates itself.
 */
export const PreviewSocketsPort = Symbol('PreviewSocketsPort');

export interface PreviewSocketsPort {
  openSockets(sandboxId: string, port: number): Promise<number>;
}
