import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { LanguageServerLaunch, LanguageServers } from '../../application/ports/language-servers.port';

/** A package's directory in Bullpen's node_modules, or undefined when it is not installed. */
function packageDir(name: string): string | undefined {
  try {
    return path.dirname(require.resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
}

function nodeScript(script: string | undefined, initializationOptions?: unknown): LanguageServerLaunch | undefined {
  if (script === undefined || !existsSync(script)) return undefined;
  return { file: process.execPath, args: [script, '--stdio'], initializationOptions };
}

/**
 * The servers installed with Bullpen: typescript-language-server (with Bullpen's TypeScript as the fallback: a
 * workspace's own node_modules/typescript wins) and the css, html and json servers of vscode-langservers-extracted.
 * Each runs on the node that runs Bullpen.
 */
export class InstalledLanguageServers implements LanguageServers {
  private readonly servers: ReadonlyMap<string, LanguageServerLaunch>;

  constructor() {
    const tsls = packageDir('typescript-language-server');
    const extracted = packageDir('vscode-langservers-extracted');
    const typescript = packageDir('typescript');
    const tsserver = typescript && path.join(typescript, 'lib', 'tsserver.js');
    const bin = (name: string) => extracted && path.join(extracted, 'bin', name);
    const entries: Array<[string, LanguageServerLaunch | undefined]> = [
      [
        'typescript',
        nodeScript(tsls && path.join(tsls, 'lib', 'cli.mjs'), {
          tsserver: tsserver && existsSync(tsserver) ? { fallbackPath: tsserver } : {},
          preferences: { includeCompletionsForModuleExports: true, includeCompletionsWithInsertText: true },
        }),
      ],
      ['css', nodeScript(bin('vscode-css-language-server'), { provideFormatter: true })],
      ['html', nodeScript(bin('vscode-html-language-server'), { provideFormatter: true, embeddedLanguages: { css: true, javascript: true } })],
      ['json', nodeScript(bin('vscode-json-language-server'), { provideFormatter: true })],
    ];
    this.servers = new Map(entries.filter((e): e is [string, LanguageServerLaunch] => e[1] !== undefined));
  }

  launch(serverId: string): LanguageServerLaunch | undefined {
    return this.servers.get(serverId);
  }
}
