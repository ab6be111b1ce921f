import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';

/** What a JSON body that would change object prototypes is refused with (400). */
export const PROTOTYPE_KEY_REFUSED =
  'The JSON body holds a "__proto__" key or a "constructor" with a "prototype", which are refused: they could change the server\'s objects';

/** A refusal of the body with 400 and the reason (the error handler answers `{errors: [message]}`). */
const badBody = (message: string): Error & { statusCode: number } => Object.assign(new Error(message), { statusCode: 400 });

/**
 * Parses `application/json` bodies saying what is wrong with one that is refused: not JSON at all (with the parser's
 * reason), or JSON holding keys that could change object prototypes (secure-json-parse's check, as Fastify's own
 * parser does, which called both 'not valid JSON').
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(badBody('The JSON body is empty'), undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return done(badBody(`The body is not valid JSON: ${(error as Error).message}`), undefined);
    }
    try {
      if (typeof value === 'object' && value !== null) secureJson.scan(value as Record<string, unknown>, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      return done(badBody(PROTOTYPE_KEY_REFUSED), undefined);
    }
    done(null, value);
  });
}
