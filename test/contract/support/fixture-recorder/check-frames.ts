import { PitcherErrorCode, isRequestMethod } from '../../../../src/protocol';
import {
  KNOWN_DEVIATIONS,
  KnownDeviation,
  ERROR_DATA,
  ERROR_FRAME,
  NOTIFICATION_FRAME,
  NOTIFICATION_SHAPES,
  PARAMS_SHAPES,
  PROTOCOL_ERROR,
  REQUEST_FRAME,
  RESULT_SHAPES,
  SUCCESS_FRAME,
} from '../protocol-shapes';
import { Fixture, Json } from '../wire';
import { Mismatch, checkShape } from './shape-checker';

type Message = Record<string, Json>;

/**
 * A frame's mismatches against protocol.md: its §1.3 envelope, then a request's params, or a response's result or
 * error, or a notification's params.
 */
export function checkFrame(decoded: Json, direction: 'out' | 'in'): Mismatch[] {
  const m = decoded as Message;
  const method = typeof m.method === 'string' ? m.method : '';
  if (direction === 'out') {
    const envelope = checkShape(decoded, REQUEST_FRAME);
    if (!isRequestMethod(method)) return [...envelope, { path: '$.method', problem: `${method} is not a request of protocol.md` }];
    return [...envelope, ...checkShape(m.params ?? null, PARAMS_SHAPES[method], '$.params')];
  }
  if (!('id' in m)) {
    const shape = (NOTIFICATION_SHAPES as Record<string, (typeof NOTIFICATION_SHAPES)[keyof typeof NOTIFICATION_SHAPES]>)[method];
    if (!shape) return [{ path: '$.method', problem: `${method} is not a notification of protocol.md` }];
    return [...checkShape(decoded, NOTIFICATION_FRAME), ...checkShape(m.params, shape, '$.params')];
  }
  if ('error' in m) {
    const out = [...checkShape(decoded, ERROR_FRAME), ...checkShape(m.error, PROTOCOL_ERROR, '$.error')];
    const error = m.error as Message | null;
    const dataShape = typeof error?.code === 'number' ? ERROR_DATA[error.code as keyof typeof ERROR_DATA] : undefined;
    if (dataShape) out.push(...checkShape(error!.data ?? null, dataShape, '$.error.data'));
    return out;
  }
  if (!isRequestMethod(method)) return [{ path: '$.method', problem: `${method} is not a request of protocol.md` }];
  return [...checkShape(decoded, SUCCESS_FRAME), ...checkShape(m.result, RESULT_SHAPES[method], '$.result')];
}

export interface FrameMismatch extends Mismatch {
  /** Index of the frame in the fixture. */
  frame: number;
  /** The frame's method (and 'response' / 'notification' / 'request'). */
  what: string;
}

/** Every mismatch of every frame of a fixture. */
export function checkFixture(fixture: Fixture): FrameMismatch[] {
  return fixture.frames.flatMap((f, frame) => {
    const m = f.decoded as Message;
    const what = `${String(m.method)} ${f.direction === 'out' ? 'request' : 'id' in m ? 'response' : 'notification'}`;
    return checkFrame(f.decoded, f.direction).map((x) => ({ ...x, frame, what }));
  });
}

/** The response a fixture recorded for its request frame at `index` (same client, same id), if any. */
export function responseTo(fixture: Fixture, index: number): Message | undefined {
  const request = fixture.frames[index];
  const id = (request.decoded as Message).id;
  return fixture.frames.find((f) => f.direction === 'in' && f.client === request.client && 'id' in (f.decoded as Message) && (f.decoded as Message).id === id)
    ?.decoded as Message | undefined;
}

/**
 * Whether a request frame was sent with bad params on purpose: the server answered it 1001 INVALID_PARAMS (the
 * `*.error-invalid-params` fixtures). Its params are expected not to fit.
 */
export const refusedAsInvalid = (fixture: Fixture, index: number): boolean =>
  fixture.frames[index].direction === 'out' && ((responseTo(fixture, index)?.error as Message | undefined)?.code ?? null) === PitcherErrorCode.INVALID_PARAMS;

/** The known deviation a mismatch is (undefined: an unexplained mismatch). */
export const deviationOf = (m: Mismatch & { what?: string }): KnownDeviation | undefined =>
  KNOWN_DEVIATIONS.find((d) => (!d.frame || (m.what !== undefined && d.frame.test(m.what))) && d.path.test(m.path) && d.problem.test(m.problem));

/**
 * The mismatches of a fixture that are not known deviations: empty when it fits protocol.md. A request the server
 * refused as INVALID_PARAMS was bad on purpose; its params are not held against it.
 */
export const unexplainedMismatches = (fixture: Fixture): FrameMismatch[] =>
  checkFixture(fixture).filter((m) => !deviationOf(m) && !(m.path.startsWith('$.params') && refusedAsInvalid(fixture, m.frame)));
