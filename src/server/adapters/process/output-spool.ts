import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';

const readAt = promisify(fs.read);

/** The most read at once. */
const BLOCK_BYTES = 1024 * 1024;
/** While nothing new is there, reading waits this long, doubling up to the longest. */
const FIRST_WAIT_MS = 1;
const LONGEST_WAIT_MS = 16;

/**
 * A child's standard output spooled to a temporary file and read back in large blocks (PipedSpawnOptions.spoolStdout).
 * The file is unlinked as soon as it is open, so nothing is left behind whatever happens; only the two descriptors
 * (the child's and the reader's) keep it. The reader follows the file until the child has exited and everything
 * written before that is read.
 */
export class OutputSpool {
  /** The descriptor to give the child as its standard output. */
  readonly fd: number;
  private position = 0;
  private exited = false;
  private closed = false;
  private endedResolve!: () => void;
  /** Resolves once every byte the child wrote has been handed to onData and the file is closed. */
  readonly ended = new Promise<void>((resolve) => (this.endedResolve = resolve));

  private onData: (chunk: Buffer) => void = () => undefined;

  constructor(directory = os.tmpdir()) {
    const file = path.join(directory, `bullpen-output-${randomUUID()}`);
    this.fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
    fs.unlinkSync(file);
  }

  /** Starts following the file (after the child was given `fd`), handing each block read to `onData`. */
  start(onData: (chunk: Buffer) => void): void {
    this.onData = onData;
    // A consumer that throws ends the output there rather than leaving the exit unreported.
    void this.follow().catch(() => this.close());
  }

  /** The child exited: what is in the file now is all there will be. */
  childExited(): void {
    this.exited = true;
  }

  /** Stops at once, dropping what was not read (a child that could not be started). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    fs.close(this.fd, () => this.endedResolve());
  }

  private async follow(): Promise<void> {
    let wait = FIRST_WAIT_MS;
    let block = Buffer.allocUnsafe(BLOCK_BYTES);
    while (!this.closed) {
      const exitedBefore = this.exited;
      const read = await readAt(this.fd, block, 0, BLOCK_BYTES, this.position).then(({ bytesRead }) => bytesRead, () => 0);
      if (this.closed) return;
      if (read > 0) {
        this.position += read;
        wait = FIRST_WAIT_MS;
        // A full block is handed over as it is; a small read is copied, so a consumer that keeps it keeps no more.
        let chunk: Buffer;
        if (read >= BLOCK_BYTES / 2) {
          chunk = block.subarray(0, read);
          block = Buffer.allocUnsafe(BLOCK_BYTES);
        } else chunk = Buffer.from(block.subarray(0, read));
        this.onData(chunk);
      } else if (exitedBefore) {
        return this.close();
      } else {
        await new Promise((resolve) => setTimeout(resolve, wait));
        wait = Math.min(wait * 2, LONGEST_WAIT_MS);
      }
    }
  }
}
