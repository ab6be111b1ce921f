import { LspHover, LspMarkedString, LspMarkupContent } from './lsp-types';

/**
 * Hover contents and documentation as the markdown strings an editor shows. A MarkedString with a language becomes
 * a fenced code block; plain text is escaped so that it shows as written.
 */
export function hoverMarkdown(contents: LspHover['contents'] | null | undefined): string[] {
  if (contents === null || contents === undefined) return [];
  const items = Array.isArray(contents) ? contents : [contents];
  return items.map(markdownOf).filter((value) => value.trim() !== '');
}

export function documentationMarkdown(documentation: string | LspMarkupContent | null | undefined): string | undefined {
  if (documentation === null || documentation === undefined) return undefined;
  const value = markdownOf(documentation);
  return value.trim() === '' ? undefined : value;
}

function markdownOf(item: LspMarkupContent | LspMarkedString): string {
  if (typeof item === 'string') return item;
  if ('kind' in item) return item.kind === 'markdown' ? item.value : escapeMarkdown(item.value);
  return `\`\`\`${item.language}\n${item.value}\n\`\`\``;
}

/** Backslash-escapes markdown's special characters. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');
}
