import { FormatLanguage } from '../../domain/settings/editor-settings';

/** Formats a document's text (Prettier in a web worker in the browser); rejects when the text cannot be parsed. */
export const FormatterPort = Symbol('FormatterPort');

export interface FormatOptions {
  readonly tabWidth: number;
  readonly useTabs: boolean;
}

export interface FormatterPort {
  format(text: string, language: FormatLanguage, options: FormatOptions): Promise<string>;
}
