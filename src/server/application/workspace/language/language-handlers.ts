import { LanguageRequests } from '../../../../protocol';
import { done } from '../handler-result';
import { FamilyHandlers } from '../request-context';

/** language/* (docs/protocol/language.md): the catalog and the LSP bridge of the workspace's LanguageService. */
export const languageHandlers: FamilyHandlers<keyof LanguageRequests> = {
  'language/list': ({ workspace }) => done(workspace.languages.list()),
  'language/lspRequest': ({ workspace, session }, params) => workspace.languages.request(session, params),
  'language/lspServerResponse': ({ workspace, session }, params) => workspace.languages.serverResponse(session, params),
};
