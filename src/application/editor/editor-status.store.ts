import { injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';

export interface EditorStatus {
  readonly line: number;
  readonly column: number;
  /** Monaco's language id of the active model, e.g. 'typescript'. */
  readonly languageId: string;
  readonly insertSpaces: boolean;
  readonly indentSize: number;
  /** Selected characters, 0 without a selection. */
  readonly selected: number;
}

/** What the status bar shows about the active editor; the editor view reports it. */
@injectable()
export class EditorStatusStore {
  status: EditorStatus | undefined = undefined;

  constructor() {
    makeObservable(this, { status: observable.ref, report: action, clear: action });
  }

  report(status: EditorStatus): void {
    const s = this.status;
    if (s && s.line === status.line && s.column === status.column && s.languageId === status.languageId && s.insertSpaces === status.insertSpaces && s.indentSize === status.indentSize && s.selected === status.selected) return;
    this.status = status;
  }

  clear(): void {
    this.status = undefined;
  }
}
