import { Emitter } from '../../../../../../src/base/event';
import { LspFrameDecoder, encodeLspFrame } from '../../../../../../src/domain/language/lsp-framing';
import { PitcherNotifications } from '../../../../../../src/protocol';
import { PipedProcess, ProcessRuntime } from '../../../../../../src/server/application/ports/process-runtime.port';
import { ClientSession } from '../../../../../../src/server/application/workspace/client-session';
import { permissionsFor } from '../../../../../../src/server/application/workspace/permissions';
import { WorkspaceContext } from '../../../../../../src/server/application/workspace/workspace-context';

const utf8 = new TextEncoder();
const text = new TextDecoder();

/** A language server process driven by the test: it answers initialize and shutdown itself and records the rest. */
export class FakeLanguageServer implements PipedProcess {
  readonly pid = 7;
  readonly received: any[] = [];
  readonly killed: string[] = [];
  ended = false;
  exited = false;
  private readonly decoder = new LspFrameDecoder(1 << 20);
  private readonly stdout = new Emitter<Uint8Array>();
  private readonly stderr = new Emitter<Uint8Array>();
  private readonly exit = new Emitter<{ exitCode: number | null; signal: string | null }>();
  readonly onStdout = this.stdout.event;
  readonly onStderr = this.stderr.event;
  readonly onExit = this.exit.event;

  constructor(private readonly behaviour: { initialize?: 'answer' | 'error' | 'silent' } = {}) {}

  write(data: Uint8Array | string): void {
    const bytes = typeof data === 'string' ? utf8.encode(data) : data;
    const bodies = this.decoder.push(bytes);
    if (!bodies.ok) throw new Error(bodies.error.message);
    for (const body of bodies.value) {
      const message = JSON.parse(text.decode(body));
      this.received.push(message);
      if (message.method === 'initialize') {
        const mode = this.behaviour.initialize ?? 'answer';
        if (mode === 'answer') this.send({ id: message.id, result: { capabilities: { hoverProvider: true } } });
        if (mode === 'error') this.send({ id: message.id, error: { code: -32603, message: 'no tsserver' } });
      }
      if (message.method === 'shutdown') this.send({ id: message.id, result: null });
    }
  }

  end(): void {
    this.ended = true;
  }

  kill(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): void {
    this.killed.push(signal);
    this.exitWith(null, signal);
  }

  exitWith(exitCode: number | null, signal: string | null = null): void {
    if (this.exited) return;
    this.exited = true;
    this.exit.fire({ exitCode, signal });
  }

  send(message: object): void {
    this.raw(encodeLspFrame(utf8.encode(JSON.stringify({ jsonrpc: '2.0', ...message }))));
  }

  raw(bytes: Uint8Array): void {
    this.stdout.fire(bytes);
  }

  /** The messages received with this method. */
  messages(method: string): any[] {
    return this.received.filter((m) => m.method === method);
  }

  /** The last request received with this method. */
  lastRequest(method: string): any {
    const all = this.messages(method).filter((m) => m.id !== undefined);
    return all[all.length - 1];
  }
}

export interface Notified {
  clientId: string;
  method: keyof PitcherNotifications;
  params: any;
}

/** A WorkspaceContext with a fake runtime (each spawn makes a FakeLanguageServer) and recording sessions. */
export function fakeWorkspace(behaviour: ConstructorParameters<typeof FakeLanguageServer>[0] = {}) {
  const processes: FakeLanguageServer[] = [];
  const spawned: Array<{ file: string; args: readonly string[]; cwd: string }> = [];
  const notified: Notified[] = [];
  const logs: string[] = [];
  const sessions: ClientSession[] = [];
  const runtime = {
    isolated: false,
    spawnPty: () => {
      throw new Error('no ptys');
    },
    spawn: (_box, file, args, options) => {
      spawned.push({ file, args, cwd: options.cwd });
      const p = new FakeLanguageServer(behaviour);
      processes.push(p);
      return p;
    },
  } as ProcessRuntime;
  const session = (clientId: string, access: 'read' | 'write' = 'write'): ClientSession => {
    let last: { method: keyof PitcherNotifications; params: unknown } | undefined;
    const s = new ClientSession(
      { clientId, username: clientId, name: clientId, avatarUrl: null, color: '#000', appId: 'test' },
      { username: clientId, name: clientId, access },
      permissionsFor(access),
      { send: () => last && notified.push({ clientId, ...last } as Notified), close: () => undefined },
      (method, params) => {
        last = { method, params };
        return new Uint8Array();
      },
    );
    sessions.push(s);
    return s;
  };
  const ctx = {
    sandboxId: 'box',
    box: { sandboxId: 'box', rootDir: '/real/root', homeDir: '/real/home' },
    runtime,
    sessions: () => sessions.filter((s) => s.active),
    broadcast: (method: keyof PitcherNotifications, params: unknown) => {
      for (const s of sessions) if (s.active) notified.push({ clientId: s.clientId, method, params });
    },
    log: (m: string) => logs.push(m),
  } as unknown as WorkspaceContext;
  return { ctx, processes, spawned, notified, logs, session, sessions };
}
