/** An AI provider for the editor's AI actions; Bullpen ships none, and says so until one is configured. */
export const AiPort = Symbol('AiPort');

export interface AiRequest {
  readonly action: 'explain' | 'edit';
  readonly path: string;
  readonly selectedText: string;
}

export interface AiPort {
  /** False while no provider is configured: the toolbar still shows, and its actions say so. */
  readonly configured: boolean;
  ask(request: AiRequest): Promise<string>;
}

/** The floating toolbar's actions, in order, with their labels. */
export const AI_ACTIONS: ReadonlyArray<{ readonly action: AiRequest['action']; readonly label: string }> = [
  { action: 'explain', label: 'Explain' },
  { action: 'edit', label: 'Edit with AI' },
];

/** What the toolbar itself says while no provider is configured. */
export const NO_AI_PROVIDER_NOTICE = 'No AI provider is configured';

/** What an AI action answers while no provider is configured. */
export const NO_AI_PROVIDER = 'No AI provider is configured for Bullpen. AI actions are not available yet.';

export class AiNotConfiguredError extends Error {
  constructor() {
    super(NO_AI_PROVIDER);
    this.name = 'AiNotConfiguredError';
  }
}
