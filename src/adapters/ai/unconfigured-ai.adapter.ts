import { AiNotConfiguredError, AiPort } from '../../application/ports/ai.port';

/** The AI port until a provider is configured: every request is refused with a clear message. */
export class UnconfiguredAi implements AiPort {
  readonly configured = false;

  async ask(): Promise<string> {
    throw new AiNotConfiguredError();
  }
}
