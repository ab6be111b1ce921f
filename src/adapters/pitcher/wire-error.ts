import { PortError } from '../../application/ports/port-error';

/**
 * Runs a request and turns a wire rejection into the port's own error: `map` gets the rejected PortError (its code
 * is the PitcherErrorCode) and returns the typed error, or undefined to keep it. Transport failures (time-out,
 * disconnected) pass through unchanged.
 */
export async function mapRejection<T>(request: Promise<T>, map: (error: PortError) => PortError | undefined): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof PortError && error.kind === 'rejected') throw map(error) ?? error;
    throw error;
  }
}
