/**
 * The languages Bullpen knows (spec 002 §3 "Language", §9 "Languages"): each with the file extensions and file-name
 * globs that select it, and the language servers able to serve it. Only typescript, css, html and json have servers
 * (spec 002 §9); the ids of those servers are the `serverId`s of language/lspRequest.
 */
export const LANGUAGE_SERVER_IDS = ['typescript', 'css', 'html', 'json'] as const;
export type LanguageServerId = (typeof LANGUAGE_SERVER_IDS)[number];

export interface LanguageDefinition {
  readonly id: string;
  /** With the leading dot, lowercase: '.tsx'. */
  readonly extensions: readonly string[];
  /** File-name globs for files an extension cannot name: 'Dockerfile', '.env.*', 'tsconfig.json'. */
  readonly globs: readonly string[];
  /** The servers able to serve it, preferred first. */
  readonly serverIds: readonly LanguageServerId[];
}

const language = (id: string, extensions: string[], globs: string[] = [], serverIds: LanguageServerId[] = []): LanguageDefinition => ({
  id,
  extensions,
  globs,
  serverIds,
});

export const LANGUAGES: readonly LanguageDefinition[] = [
  language('typescript', ['.ts', '.mts', '.cts'], [], ['typescript']),
  language('typescriptreact', ['.tsx'], [], ['typescript']),
  language('javascript', ['.js', '.mjs', '.cjs'], [], ['typescript']),
  language('javascriptreact', ['.jsx'], [], ['typescript']),
  language('css', ['.css'], [], ['css']),
  language('scss', ['.scss'], [], ['css']),
  language('less', ['.less'], [], ['css']),
  language('jsonc', ['.jsonc'], ['tsconfig.json', 'tsconfig.*.json', 'jsconfig.json', 'jsconfig.*.json', '.eslintrc.json', '**/.vscode/*.json', 'devcontainer.json'], ['json']),
  language('json', ['.json', '.webmanifest', '.map'], ['.prettierrc', '.babelrc'], ['json']),
  language('html', ['.html', '.htm', '.xhtml'], [], ['html']),
  language('markdown', ['.md', '.markdown']),
  language('rust', ['.rs']),
  language('yaml', ['.yaml', '.yml']),
  language('sql', ['.sql']),
  language('python', ['.py', '.pyi']),
  language('prisma', ['.prisma']),
  language('graphql', ['.graphql', '.gql']),
  language('svelte', ['.svelte']),
  language('vue', ['.vue']),
  language('xml', ['.xml', '.svg', '.xsd', '.xsl', '.plist']),
  language('astro', ['.astro']),
  language('dotenv', ['.env'], ['.env', '.env.*']),
  language('markdownreact', ['.mdx']),
  language('php', ['.php']),
  language('lua', ['.lua']),
  language('shell', ['.sh', '.bash', '.zsh'], ['.bashrc', '.bash_profile', '.profile', '.zshrc']),
  language('dockerfile', ['.dockerfile'], ['Dockerfile', 'Dockerfile.*', 'Containerfile']),
  language('elixir', ['.ex', '.exs']),
  language('nix', ['.nix']),
  language('ruby', ['.rb', '.rake', '.gemspec'], ['Gemfile', 'Rakefile']),
  language('go', ['.go']),
];

const BY_ID: ReadonlyMap<string, LanguageDefinition> = new Map(LANGUAGES.map((l) => [l.id, l]));

export function findLanguage(id: string): LanguageDefinition | undefined {
  return BY_ID.get(id);
}

/** The languages a server serves, in catalog order ('css' → css, scss, less). */
export function languagesOfServer(serverId: string): LanguageDefinition[] {
  return LANGUAGES.filter((l) => (l.serverIds as readonly string[]).includes(serverId));
}
