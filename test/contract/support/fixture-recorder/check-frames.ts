import { isRequestMethod } from '../../../../src/protocol';
import {
  KNOWN_DEVIATIONS,
  ERROR_DATA,
  ERROR_FRAME,
  NOTIFICATION_FRAME,
  NOTIFICATION_SHAPES,
  PROTOCOL_ERROR,
  REQUEST_FRAME,
  RESULT_SHAPES,
  SUCCESS_FRAME,
} from '../protocol-shapes';
import { Fixture, Json } from '../wire';
import { Mismatch, checkShape } from './shape-checker';

type Message = Record<string, Json>;

/** A frame's mismatches against protocol.md: its §1.3 envelope, then its result, error or notification params. */
export function checkFrame(decoded: Json, direction: 'out' | 'in'): Mismatch[] {
  if (direction === 'out') return checkShape(decoded, REQUEST_FRAME);
  const m = decoded as Message;
  const method = typeof m.method === 'string' ? m.method : '';
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

/** The known deviation a mismatch is (undefined: an unexplained mismatch). */
export const deviationOf = (m: Mismatch) => KNOWN_DEVIATIONS.find((d) => d.path.test(m.path) && d.problem.test(m.problem));

/** The mismatches of a fixture that are not known deviations: empty when it fits protocol.md. */
export const unexplainedMismatches = (fixture: Fixture): FrameMismatch[] => checkFixture(fixture).filter((m) => !deviationOf(m));
