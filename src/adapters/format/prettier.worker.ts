/* eslint-disable */
/**
 * Prettier in a web worker (issue 7: format on save runs off the main thread). Parsers load per language on first use.
 * Request: {id, text, language, options: {tabWidth, useTabs}}; answer: {id, text} or {id, error}.
 */
import type { Plugin } from 'prettier';

type Language = 'typescript' | 'javascript' | 'css' | 'scss' | 'less' | 'html' | 'json' | 'markdown';

const PARSERS: Record<Language, string> = {
  typescript: 'typescript', javascript: 'babel', css: 'css', scss: 'scss', less: 'less', html: 'html', json: 'json', markdown: 'markdown',
};

async function pluginsFor(language: Language): Promise<Plugin[]> {
  const estree = () => import('prettier/plugins/estree') as Promise<Plugin>;
  switch (language) {
    case 'typescript':
      return Promise.all([import('prettier/plugins/typescript') as Promise<Plugin>, estree()]);
    case 'javascript':
    case 'json':
      return Promise.all([import('prettier/plugins/babel') as Promise<Plugin>, estree()]);
    case 'css':
    case 'scss':
    case 'less':
      return [(await import('prettier/plugins/postcss')) as Plugin];
    case 'html':
      // HTML embeds scripts and styles.
      return Promise.all([
        import('prettier/plugins/html') as Promise<Plugin>,
        import('prettier/plugins/babel') as Promise<Plugin>,
        import('prettier/plugins/postcss') as Promise<Plugin>,
        estree(),
      ]);
    case 'markdown':
      return [(await import('prettier/plugins/markdown')) as Plugin];
  }
}

self.onmessage = async (event: MessageEvent<{ id: number; text: string; language: Language; options: { tabWidth: number; useTabs: boolean } }>) => {
  const { id, text, language, options } = event.data;
  try {
    const [{ format }, plugins] = await Promise.all([import('prettier/standalone'), pluginsFor(language)]);
    const formatted = await format(text, { parser: PARSERS[language], plugins, tabWidth: options.tabWidth, useTabs: options.useTabs });
    (self as unknown as Worker).postMessage({ id, text: formatted });
  } catch (error) {
    (self as unknown as Worker).postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
