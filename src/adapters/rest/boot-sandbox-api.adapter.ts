import { SandboxApiPort, SandboxSummary, WorkspaceHost } from '../../application/ports/sandbox-api.port';

/** What the server embeds in the editor page (src/server/adapters/http/editor-page.ts), as its API would answer. */
export interface BootData {
  sandbox: { id: string; title: string; isCloud?: boolean };
  vm: { pitcher_url: string; pitcher_token: string };
  /** The file the editor opens first (src/server/adapters/http/editor-page.ts). */
  initialFile?: string;
}

const readDocuments = new WeakMap<object, BootData | undefined>();

/**
 * Reads `<script id="bp-boot" type="application/json">` once per document (the element is removed; later calls, e.g.
 * the boot script's and then the app's, get the same answer); anything malformed counts as absent.
 */
export function readBootData(doc: Pick<Document, 'getElementById'> | undefined = globalThis.document): BootData | undefined {
  if (!doc) return undefined;
  if (readDocuments.has(doc)) return readDocuments.get(doc);
  const data = parseBootElement(doc);
  readDocuments.set(doc, data);
  return data;
}

function parseBootElement(doc: Pick<Document, 'getElementById'>): BootData | undefined {
  const element = doc.getElementById('bp-boot');
  if (!element?.textContent) return undefined;
  try {
    const data = JSON.parse(element.textContent) as BootData;
    const ok =
      typeof data?.sandbox?.id === 'string' &&
      typeof data.sandbox.title === 'string' &&
      typeof data.vm?.pitcher_url === 'string' &&
      typeof data.vm.pitcher_token === 'string';
    return ok ? data : undefined;
  } catch {
    return undefined;
  } finally {
    element.remove();
  }
}

/**
 * The first load answers the sandbox and start calls from the page's boot data (no round trips before connecting);
 * the pitcher token in it is used once, so every later start (a reconnect) asks the API as before.
 */
export class BootSandboxApi implements SandboxApiPort {
  private tokenUsed = false;

  constructor(
    private readonly api: SandboxApiPort,
    private readonly boot: BootData | undefined,
  ) {}

  getSandbox(id: string): Promise<SandboxSummary> {
    if (this.boot?.sandbox.id === id) {
      const initialFile = typeof this.boot.initialFile === 'string' ? { initialFile: this.boot.initialFile } : {};
      return Promise.resolve({ id, title: this.boot.sandbox.title, isCloud: this.boot.sandbox.isCloud === true, ...initialFile });
    }
    return this.api.getSandbox(id);
  }

  startWorkspace(id: string): Promise<WorkspaceHost> {
    if (this.boot?.sandbox.id === id && !this.tokenUsed) {
      this.tokenUsed = true;
      return Promise.resolve({ pitcherUrl: this.boot.vm.pitcher_url, pitcherToken: this.boot.vm.pitcher_token });
    }
    return this.api.startWorkspace(id);
  }
}
