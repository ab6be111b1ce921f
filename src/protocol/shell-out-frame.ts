import { FrameWriter, key } from './frame-writer';

const METHOD = key('method');
const METHOD_VALUE = key('shell/out');
const PARAMS = key('params');
const SHELL_ID = key('shellId');
const OUT = key('out');

/**
 * The shell/out notification frame, encoded by hand: byte-identical to
 * `encodeMessage(notification('shell/out', {shellId, out}))` (pty output holds no lone surrogates: it is decoded
 * from UTF-8), but without the generic encoder's buffer growth and per-value dispatch. Terminal output is the
 * largest stream a workspace sends (a `cat` of a log runs at tens of MB/s).
 */
export function encodeShellOutFrame(shellId: string, out: string): Uint8Array {
  const w = new FrameWriter(64 + shellId.length * 3 + out.length * 3);
  w.mapHeader(2);
  w.raw(METHOD);
  w.raw(METHOD_VALUE);
  w.raw(PARAMS);
  w.mapHeader(2);
  w.raw(SHELL_ID);
  w.str(shellId);
  w.raw(OUT);
  w.str(out);
  return w.done();
}
