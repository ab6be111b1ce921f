import { readFile } from 'node:fs/promises';

/**
 * The editor page: the built index.html with what the client needs to connect embedded as JSON (issue 7 "the server's
 * HTML carries what the client needs to connect"), so the first load skips the sandbox and start API calls.
 * The client reads `<script id="bp-boot" type="application/json">` once (src/adapters/rest/boot-sandbox-api.adapter.ts).
 */
export interface EditorBootData {
  sandbox: unknown;
  vm: unknown;
  /**
   * The file the editor opens first, so the client asks for it right after its join. None: the workspace has no file
   * of the spec's list (a new-tab page), or was not running yet (the client picks from the tree).
   */
  initialFile?: string;
}

export const BOOT_ELEMENT_ID = 'bp-boot';

/** JSON that is safe inside a <script> element: no '<' (so no '</script>' or '<!--'), and no U+2028/2029. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function renderEditorPage(template: string, boot: EditorBootData | undefined): string {
  if (!boot) return template;
  const element = `<script id="${BOOT_ELEMENT_ID}" type="application/json">${scriptSafeJson(boot)}</script>`;
  return template.includes('</head>') ? template.replace('</head>', `${element}</head>`) : `${element}${template}`;
}

/** index.html read once per change of the build (the file is small; a rebuild replaces it). */
export class EditorPageTemplate {
  private cached: { text: string } | undefined;

  constructor(private readonly file: string) {}

  async text(): Promise<string | undefined> {
    if (this.cached) return this.cached.text;
    try {
      this.cached = { text: await readFile(this.file, 'utf8') };
      return this.cached.text;
    } catch {
      return undefined;
    }
  }
}
