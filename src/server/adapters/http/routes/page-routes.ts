import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccessPolicy } from '../../../application/access/access-policy';
import { SandboxService } from '../../../application/sandbox/sandbox-service';
import { EditorBootData, EditorPageTemplate, renderEditorPage } from '../editor-page';
import { fail } from '../http-context';
import { requesterOf, sandboxJson } from './sandbox-routes';

export interface PageRouteDeps {
  indexHtml: string;
  sandboxes: SandboxService;
  policy: AccessPolicy;
  defaultSandboxId: () => string;
  newGuestSuffix: () => string;
  pitcherBaseUrl: (request: FastifyRequest) => string;
  /** The file the editor opens first in a sandbox, told in the editor page (issue 7 first load). */
  initialFile?(sandboxId: string): string | undefined;
}

/**
 * The client's pages (spec 000 §2 routes): the editor of a sandbox or devbox carries what the client needs to connect
 * (ADR 0012) when the caller may read it, and nothing when it is missing to them (the client then shows not found);
 * every other page route gets the app, which routes on its own.
 */
export function registerPageRoutes(app: FastifyInstance, deps: PageRouteDeps): void {
  const editorPage = new EditorPageTemplate(deps.indexHtml);
  const sendIndex = async (reply: FastifyReply, boot?: EditorBootData) => {
    const template = await editorPage.text();
    if (template === undefined) return fail(reply, 503, 'The editor is not built; run npm run build');
    // With boot data the page holds a pitcher token: never stored by a cache.
    return reply.header('Cache-Control', boot ? 'no-store' : 'no-cache').type('text/html; charset=utf-8').send(renderEditorPage(template, boot));
  };

  /** The sandbox and a started workspace for the editor page, as the two API calls would answer them. */
  const bootData = async (request: FastifyRequest, id: string): Promise<EditorBootData | undefined> => {
    const found = await deps.policy.readable(request.principal, id);
    if (!found) return undefined;
    const started = await deps.sandboxes.start(id, requesterOf(request.principal, found.access, deps.newGuestSuffix), deps.pitcherBaseUrl(request));
    if (!started.ok) return undefined;
    const initialFile = deps.initialFile?.(id);
    return { sandbox: sandboxJson(found.record, deps.policy, found.access), vm: started.value, ...(initialFile === undefined ? {} : { initialFile }) };
  };

  /** The default sandbox for those who may read it; the sign-in page for the others. */
  app.get('/', async (request, reply) => {
    const id = deps.defaultSandboxId();
    return reply.redirect((await deps.policy.readable(request.principal, id)) ? `/sandbox/${id}` : '/signin', 302);
  });
  for (const route of ['/sandbox/*', '/devbox/*']) {
    app.get<{ Params: { '*': string } }>(route, async (request, reply) => {
      const id = request.params['*'].split('/')[0];
      return sendIndex(reply, id ? await bootData(request, id) : undefined);
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && request.headers.accept?.includes('text/html')) return sendIndex(reply);
    return fail(reply, 404, 'Not found');
  });
}
