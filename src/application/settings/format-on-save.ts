import { inject, injectable } from 'inversify';
import { diffToOperation } from '../../domain/ot/text-diff';
import { formatLanguageOf } from '../../domain/settings/editor-settings';
import { DocumentSession } from '../editor/document-session';
import { FormatterPort } from '../ports/formatter.port';
import { NotifyError } from '../tokens';
import { EditorConfigStore } from './editorconfig.store';
import { SettingsStore } from './settings.store';

/**
 * Spec 002 §5: saving formats first, then saves. With format on save on (the default, spec 002 §9) a TS/JS/CSS/HTML/
 * JSON/Markdown document is run through Prettier with the file's indentation (.editorconfig, else the settings), and
 * the difference is applied as one edit, so collaborators get it as an ordinary operation. Text that does not parse
 * is saved as it is, with the parser's message shown.
 */
@injectable()
export class FormatOnSave {
  constructor(
    @inject(SettingsStore) private readonly settings: SettingsStore,
    @inject(EditorConfigStore) private readonly editorConfig: EditorConfigStore,
    @inject(FormatterPort) private readonly formatter: FormatterPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
  ) {}

  /** Files whose save under way is not to be formatted (withoutFormatting). */
  private readonly unformatted = new Set<string>();

  async beforeSave(session: DocumentSession): Promise<void> {
    if (this.settings.settings.formatOnSave && !this.unformatted.has(session.fileId)) await this.format(session);
  }

  /**
   * Runs a save of `fileId` that is not formatted, whatever the format-on-save setting (autosave after a delay). Two
   * saves of one file never run at once (EditorStore.save), so the mark holds for this save alone.
   */
  async withoutFormatting(fileId: string, save: () => Promise<void>): Promise<void> {
    this.unformatted.add(fileId);
    try {
      await save();
    } finally {
      this.unformatted.delete(fileId);
    }
  }

  /** Formats now (the Format Document action), whatever the format-on-save setting. */
  async format(session: DocumentSession): Promise<void> {
    const language = formatLanguageOf(session.path);
    if (!language) return;
    const indentation = await this.editorConfig.indentationFor(session.path);
    const before = session.content;
    let formatted: string;
    try {
      formatted = await this.formatter.format(before, language, {
        tabWidth: indentation.indentSize ?? this.settings.settings.tabSize,
        useTabs: indentation.insertSpaces === undefined ? !this.settings.settings.insertSpaces : !indentation.insertSpaces,
      });
    } catch (error) {
      this.notifyError(`Could not format ${session.path}: ${firstLine((error as Error).message)}`);
      return;
    }
    // The user may have typed while Prettier ran: their text wins, the format is skipped this time.
    if (formatted === before || session.content !== before) return;
    session.applyEdit(diffToOperation(before, formatted));
  }
}

const firstLine = (text: string): string => text.split('\n')[0];
