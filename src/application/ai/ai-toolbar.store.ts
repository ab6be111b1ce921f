import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable } from 'mobx';
import { AI_TOOLBAR_DELAY_MS, AI_TOOLBAR_HIDDEN, AiToolbarEvent, AiToolbarState, nextAiToolbarState } from '../../domain/ai/ai-toolbar';
import { AI_ACTIONS, AiPort, AiRequest, NO_AI_PROVIDER_NOTICE } from '../ports/ai.port';
import { NotificationsStore } from '../workspace/notifications.store';

/** The floating AI toolbar's state and its actions (domain/ai/ai-toolbar.ts says when it shows). */
@injectable()
export class AiToolbarStore {
  state: AiToolbarState = AI_TOOLBAR_HIDDEN;
  /** Bumped by 'AI: Focus Toolbar' (Alt+F10): the shown toolbar takes the keyboard focus. */
  focusRequest = 0;
  readonly actions = AI_ACTIONS;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private selection: Omit<AiRequest, 'action'> | undefined;
  /** The clock (tests replace it). */
  now: () => number = () => Date.now();

  constructor(
    @inject(AiPort) private readonly ai: AiPort,
    @inject(NotificationsStore) private readonly notifications: NotificationsStore,
  ) {
    makeObservable(this, { state: observable.ref, focusRequest: observable, isShown: computed, send: action, requestFocus: action });
  }

  get configured(): boolean {
    return this.ai.configured;
  }

  get isShown(): boolean {
    return this.state.kind === 'SHOWN';
  }

  /** What the toolbar says about the provider: that none is configured, or nothing. */
  get notice(): string | undefined {
    return this.configured ? undefined : NO_AI_PROVIDER_NOTICE;
  }

  selectionChanged(selection: Omit<AiRequest, 'action'> | undefined): void {
    this.selection = selection && selection.selectedText.length > 0 ? selection : undefined;
    clearTimeout(this.timer);
    this.send({ kind: 'selection', empty: this.selection === undefined, at: this.now() });
    if (this.selection) this.tickAfter(AI_TOOLBAR_DELAY_MS);
  }

  scrolled(): void {
    clearTimeout(this.timer);
    this.send({ kind: 'scroll' });
  }

  /** Escape in the toolbar: it goes away until the next selection. */
  dismiss(): void {
    clearTimeout(this.timer);
    this.send({ kind: 'dismiss' });
  }

  /** Moves the keyboard focus into the shown toolbar; nothing while it is hidden. */
  requestFocus(): void {
    if (this.isShown) this.focusRequest++;
  }

  async run(requested: AiRequest['action']): Promise<void> {
    const selection = this.selection;
    this.send({ kind: 'dismiss' });
    if (!selection) return;
    try {
      const answer = await this.ai.ask({ action: requested, ...selection });
      this.notifications.show('info', answer);
    } catch (error) {
      this.notifications.show('error', (error as Error).message);
    }
  }

  send(event: AiToolbarEvent): void {
    this.state = nextAiToolbarState(this.state, event);
  }

  /**
   * Ticks the state machine after `delay`; while it still waits (the timer fired before the clock it reads says the
   * delay has passed), again after the rest of the delay.
   */
  private tickAfter(delay: number): void {
    this.timer = setTimeout(() => {
      this.send({ kind: 'tick', at: this.now() });
      const state = this.state;
      if (state.kind === 'WAITING') this.tickAfter(Math.max(1, state.since + AI_TOOLBAR_DELAY_MS - this.now()));
    }, delay);
  }
}
