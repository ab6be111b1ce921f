import { ParamsOf, RequestMethod, ResultOf, EncodedResult } from '../../../protocol';
import { ClientSession } from './client-session';
import { HandlerResult } from './handler-result';
import { Workspace } from './workspace';

export interface RequestContext {
  workspace: Workspace;
  session: ClientSession;
  /**
   * Sends the response now. An async handler whose state change decides what the client is notified of next (a
   * file/open's join) answers at that very point, so no notification can overtake its response on the wire.
   */
  answer(result: HandlerResult<unknown>): void;
}

/** A handler's result, or that result already encoded (EncodedResult: sent as is). */
export type Answer<M extends RequestMethod> = HandlerResult<ResultOf<M> | EncodedResult>;
export type Handler<M extends RequestMethod> = (ctx: RequestContext, params: ParamsOf<M>) => Answer<M> | Promise<Answer<M>>;
/** The handlers of one family (src/server/application/workspace/<family>/<family>-handlers.ts). */
export type FamilyHandlers<Methods extends RequestMethod> = { [M in Methods]: Handler<M> };
