import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { MAX_FRAME_BYTES } from '../../../protocol';
import { TokenService } from '../../application/ports/token-service.port';
import { ClientChannel } from '../../application/workspace/client-session';
import { PitcherConnection } from '../../application/workspace/pitcher-connection';
import { PITCHER_TOKEN_PURPOSE, PitcherGrant } from '../../application/workspace/pitcher-grant';
import { WorkspaceRegistry } from '../../application/workspace/workspace-registry';

/** Frames above this close the socket (1009); frames up to MAX_FRAME_BYTES get an error response. */
const HARD_FRAME_LIMIT = 4 * MAX_FRAME_BYTES;
export const PITCHER_PATHS = new Set(['/pitcher', '/pitcher/']);

export interface PitcherWebSocketDeps {
  tokens: TokenService;
  workspaces: WorkspaceRegistry;
  newId: () => string;
  log: (message: string, error?: unknown) => void;
}

/** The pitcher endpoint: authenticates the upgrade by token, then one PitcherConnection per socket. */
export class PitcherWebSocketServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: HARD_FRAME_LIMIT, perMessageDeflate: false });

  constructor(private readonly deps: PitcherWebSocketDeps) {}

  handlesPath(pathname: string): boolean {
    return PITCHER_PATHS.has(pathname);
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const token = url.searchParams.get('token') ?? '';
    const grant = this.deps.tokens.verify<PitcherGrant>(PITCHER_TOKEN_PURPOSE, token);
    if (!grant) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nInvalid or expired pitcher token');
      return;
    }
    const reconnectToken = url.searchParams.get('reconnectToken') ?? undefined;
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, grant, reconnectToken));
  }

  close(): void {
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
  }

  private accept(ws: WebSocket, grant: PitcherGrant, reconnectToken: string | undefined): void {
    const channel: ClientChannel = {
      send: (frame) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(frame, { binary: true });
      },
      close: (code, reason) => ws.close(code, reason),
    };
    const connection = new PitcherConnection(
      {
        grant,
        reconnectToken,
        workspace: () => this.deps.workspaces.get(grant.sandboxId),
        tokens: this.deps.tokens,
        newId: this.deps.newId,
        log: this.deps.log,
      },
      channel,
    );
    ws.on('message', (data, isBinary) => {
      if (!isBinary) {
        ws.send(''); // keep-alive: answer every text frame (protocol.md §1.5)
        return;
      }
      const frame = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
      const pending = connection.receive(frame);
      if (pending) pending.catch((error) => this.deps.log('frame handling failed', error));
    });
    ws.on('close', () => connection.closed());
    ws.on('error', (error) => this.deps.log('websocket error', error));
  }
}
