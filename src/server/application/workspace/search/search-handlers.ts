import { FsSearchRequests } from '../../../../protocol';
import { done } from '../handler-result';
import { FamilyHandlers } from '../request-context';

export const searchHandlers: FamilyHandlers<keyof FsSearchRequests> = {
  'fs/search': ({ workspace }, p) => workspace.search.search(p),
  'fs/streamingSearch': ({ workspace, session, answer }, p) => workspace.search.startStreaming(session, p, answer),
  'fs/cancelStreamingSearch': ({ workspace, session, answer }, p) => {
    // Answered first: the search's fs/searchFinished follows its response.
    answer(done({ searchId: p.searchId }));
    workspace.search.cancelStreaming(session, p.searchId);
    return done({ searchId: p.searchId });
  },
  'fs/pathSearch': ({ workspace }, p) => done(workspace.search.pathSearch(p.text)),
};
