import { decode } from '@msgpack/msgpack';
import { Emitter } from '../../../src/base/event';
import { ShellHost, ShellProcess, SpawnOptions } from '../../../src/server/application/ports/shell-host.port';
import { ClientChannel, ClientSession, SlowClientLimits } from '../../../src/server/application/workspace/client-session';
import { permissionsFor } from '../../../src/server/application/workspace/permissions';
import { encodeNotification } from '../../../src/server/application/workspace/workspace';

/** A shell process driven by the test: it emits output and exits on demand, and records pause/resume. */
export class FakeShellProcess implements ShellProcess {
  readonly pid = 4242;
  readonly calls: Array<'pause' | 'resume' | 'kill'> = [];
  readonly written: string[] = [];
  paused = false;
  private readonly output = new Emitter<string>();
  private readonly exit = new Emitter<{ exitCode: number; signal?: number }>();
  readonly onDidOutput = this.output.event;
  readonly onDidExit = this.exit.event;

  constructor(readonly options: SpawnOptions) {}

  emit(out: string): void {
    this.output.fire(out);
  }

  exitWith(exitCode: number): void {
    this.exit.fire({ exitCode });
  }

  write(data: string): void {
    this.written.push(data);
  }

  resize(): void {}

  kill(): void {
    this.calls.push('kill');
  }

  pause(): void {
    this.calls.push('pause');
    this.paused = true;
  }

  resume(): void {
    this.calls.push('resume');
    this.paused = false;
  }
}

export class FakeShellHost implements ShellHost {
  readonly processes: FakeShellProcess[] = [];

  spawn(options: SpawnOptions): FakeShellProcess {
    const process = new FakeShellProcess(options);
    this.processes.push(process);
    return process;
  }
}

/** A channel whose buffered bytes the test sets; `drainTo` lowers them and fires onDidDrain like a socket would. */
export class FakeChannel implements ClientChannel {
  bufferedBytes = 0;
  readonly frames: Uint8Array[] = [];
  closed: { code: number; reason: string } | undefined;
  private readonly drain = new Emitter<void>();
  readonly onDidDrain = this.drain.event;

  send(frame: Uint8Array): void {
    this.frames.push(frame);
  }

  close(code: number, reason: string): void {
    this.closed = { code, reason };
  }

  drainTo(bytes: number): void {
    this.bufferedBytes = bytes;
    this.drain.fire();
  }

  /** The decoded notifications received, in order. */
  get messages(): Array<{ method: string; params: any }> {
    return this.frames.map((frame) => decode(frame) as { method: string; params: any });
  }

  /** The `out` of every `shell/out` received, in order. */
  outputs(shellId?: string): string[] {
    return this.messages.filter((m) => m.method === 'shell/out' && (shellId === undefined || m.params.shellId === shellId)).map((m) => m.params.out);
  }
}

let clientCounter = 0;

export function fakeSession(channel: ClientChannel = new FakeChannel(), limits?: SlowClientLimits): ClientSession {
  const clientId = `client-${++clientCounter}`;
  const identity = { username: clientId, name: clientId, access: 'write' as const };
  const json = { clientId, username: clientId, name: clientId, avatarUrl: null, color: '#fff', appId: 'test' };
  return new ClientSession(json, identity, permissionsFor('write'), channel, encodeNotification, limits);
}
