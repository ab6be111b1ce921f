import { FileRequests } from '../../../../protocol';
import { FamilyHandlers } from '../request-context';

export const fileHandlers: FamilyHandlers<keyof FileRequests> = {
  'file/open': ({ workspace, session, answer }, p) => workspace.documents.open(session, p.id, answer),
  'file/openByPath': ({ workspace, session, answer }, p) => workspace.documents.openByPath(session, p.path, answer),
  'file/close': ({ workspace, session }, p) => workspace.documents.close(session, p.id),
  'file/documentOperation': ({ workspace, session }, p) => workspace.documents.operation(session, p),
  'file/documentAck': ({ workspace, session }, p) => workspace.documents.acknowledge(session, p.id, p.revision),
  'file/documentSelection': ({ workspace, session }, p) => workspace.documents.selection(session, p),
  // A save takes its turn with the tree operations and the watcher's batches (Workspace.exclusive): a rename sent
  // with it (autosave as the focus goes to the explorer) cannot move the file between the path's lookup and the write.
  'file/save': ({ workspace }, p) => workspace.exclusive(() => workspace.documents.save(p.id, p.write !== false)),
};
