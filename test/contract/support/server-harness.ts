import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import WebSocket from 'ws';
import { RunningServer, startServer } from '../../../src/server/bullpen-server';
import { BullpenConfig, readConfig } from '../../../src/server/config';
import { TEST_TEMPLATE_DIR } from '../../support/test-template';
import { decodeFrame } from './wire';
import { seedEmptyDatabase } from '../../support/pglite-template';

/** Every test server's BULLPEN_BOOTSTRAP_TOKEN: the owner's API token, for tests that act as the owner. */
export const TEST_OWNER_TOKEN = 'test-owner-token-0123456789';
export const asOwner = { Authorization: `Bearer ${TEST_OWNER_TOKEN}` };

export const tempDataDir = (): string => mkdtempSync(path.join(tmpdir(), 'bullpen-contract-'));
/** Removes a test data dir; retries while a process that was just stopped (git) still writes into it. */
export const removeDir = (dir: string): void => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });

export interface TestServerOptions {
  /** More environment variables (HOST, BULLPEN_ACCESS_TOKEN, …). */
  env?: Record<string, string>;
  /** Config fields that have no environment variable (pitcherTokenTtlSeconds). */
  config?: Partial<BullpenConfig>;
}

export async function startTestServer(dataDir: string, access: 'read' | 'write' = 'write', options: TestServerOptions = {}): Promise<RunningServer> {
  const env = { PORT: '0', HOST: '127.0.0.1', BULLPEN_DATA: dataDir, BULLPEN_ANONYMOUS_ACCESS: access, BULLPEN_TEMPLATE: TEST_TEMPLATE_DIR, BULLPEN_BOOTSTRAP_TOKEN: TEST_OWNER_TOKEN, ...options.env } as unknown as NodeJS.ProcessEnv;
  if (!env.DATABASE_URL) await seedEmptyDatabase(dataDir);
  return startServer({ ...readConfig(env), ...options.config });
}

/** A test server per test file (before all, closed and its data removed after all), and the sandbox's files. */
export function useTestServer(options: TestServerOptions = {}): { server: RunningServer; dataDir: string; filesDir: string } {
  const context = {} as { server: RunningServer; dataDir: string; filesDir: string };
  beforeAll(async () => {
    context.dataDir = tempDataDir();
    context.server = await startTestServer(context.dataDir, 'write', options);
    context.filesDir = path.join(context.dataDir, 'sandboxes', context.server.defaultSandboxId, 'files');
  });
  afterAll(async () => {
    await context.server?.close();
    removeDir(context.dataDir);
  });
  return context;
}

export interface StartOptions {
  sandboxId?: string;
  /** Defaults to server.url. */
  baseUrl?: string;
  headers?: Record<string, string>;
}

export async function startSandbox(server: RunningServer, options: StartOptions = {}): Promise<{ pitcherUrl: string; pitcherToken: string }> {
  const res = await fetch(`${options.baseUrl ?? server.url}/api/v1/vm/${options.sandboxId ?? server.defaultSandboxId}/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: '{}',
  });
  if (!res.ok) throw new Error(`start failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { pitcher_url: string; pitcher_token: string } };
  return { pitcherUrl: body.data.pitcher_url, pitcherToken: body.data.pitcher_token };
}

export interface InFrame {
  bytes: Uint8Array;
  value: any;
}

/** A raw websocket to /pitcher that keeps every binary frame it receives, in order. */
export class WireClient {
  readonly received: InFrame[] = [];
  readonly sent: Uint8Array[] = [];
  private waiters: Array<() => void> = [];
  closed = false;
  closeCode: number | undefined;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (!isBinary) return;
      const bytes = new Uint8Array(data);
      this.received.push({ bytes, value: decodeFrame(bytes) });
      this.notify();
    });
    ws.on('close', (code) => {
      this.closed = true;
      this.closeCode = code;
      this.notify();
    });
  }

  static connect(url: string, options: { headers?: Record<string, string>; origin?: string } = {}): Promise<WireClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false, headers: options.headers, origin: options.origin });
      ws.once('open', () => resolve(new WireClient(ws)));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
  }

  private notify(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  send(bytes: Uint8Array): void {
    this.sent.push(bytes);
    this.ws.send(bytes, { binary: true });
  }

  /** Waits for the first received frame from index `from` matching the predicate. */
  async waitFor(predicate: (value: any) => boolean, from = 0, timeoutMs = 10_000): Promise<InFrame & { index: number }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.received.findIndex((f, i) => i >= from && predicate(f.value));
      if (index >= 0) return { ...this.received[index], index };
      if (this.closed) throw new Error('socket closed while waiting');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for a frame; got ${JSON.stringify(this.received.slice(from).map((f) => f.value.method ?? f.value.id))}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}
