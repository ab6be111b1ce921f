import { observer } from 'mobx-react-lite';
import { EditorStore, EditorTab } from '../../application/editor/editor.store';
import { useService } from '../di/container-context';
import { MonacoView } from './monaco-view';

const Tab = observer(function Tab({ tab }: { tab: EditorTab }) {
  const editor = useService(EditorStore);
  const session = editor.session(tab.fileId);
  const active = editor.activeFileId === tab.fileId;
  const dirty = session?.isDirty ?? false;
  const name = tab.path.split('/').pop();
  return (
    <div
      role="tab"
      aria-selected={active}
      tabIndex={0}
      className={`bp-tab${active ? ' bp-tab-active' : ''}`}
      title={tab.path}
      data-path={tab.path}
      data-dirty={dirty}
      onClick={() => editor.activate(tab.fileId)}
      onKeyDown={(e) => e.key === 'Enter' && editor.activate(tab.fileId)}
    >
      <span>{name}</span>
      {dirty && <span className="bp-dirty" aria-label="unsaved changes" data-testid="dirty-marker">●</span>}
      <button
        className="bp-tab-close"
        aria-label={`Close ${name}`}
        onClick={(e) => {
          e.stopPropagation();
          editor.closeTab(tab.fileId);
        }}
      >
        ×
      </button>
    </div>
  );
});

export const EditorArea = observer(function EditorArea() {
  const editor = useService(EditorStore);
  const activeIsBinary = editor.activeFileId !== undefined && editor.binaryFileIds.has(editor.activeFileId);
  return (
    <section className="bp-editor-area" aria-label="Editor">
      <div role="tablist" className="bp-tabs" data-testid="editor-tabs">
        {editor.tabs.map((tab) => (
          <Tab key={tab.fileId} tab={tab} />
        ))}
      </div>
      <div className="bp-editor-body">
        <MonacoView />
        {activeIsBinary && <div className="bp-binary-notice">This file is binary and cannot be shown as text.</div>}
        {editor.tabs.length === 0 && <div className="bp-new-tab">Open a file from the explorer</div>}
      </div>
    </section>
  );
});
