import { observer } from 'mobx-react-lite';
import { lazy, RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { EditorGroupsStore } from '../../application/editor/editor-groups.store';
import { fileTabsOf } from '../../domain/editor/editor-groups';
import { fitEditorGroups } from '../../domain/workbench/layout-fit';
import { useService } from '../di/container-context';
import { Sash } from '../widgets/sash';
import { EditorGroupView } from './editor-group-view';
import './editor-groups.css';

/** Language features are Monaco-wide: installed once for every group's editor, in the editor chunk. */
const EditorFeatures = lazy(() => import(/* webpackChunkName: "editor" */ './editor-features').then((m) => ({ default: m.EditorFeatures })));

function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The editor groups side by side (spec 002 §2), with a sash between them whose position is saved with the groups.
 * Beside the pinned new-tab group the first group keeps a usable width, and the pinned group is left out while there
 * is no room for it (layout-fit.ts); it comes back when there is.
 */
export const EditorArea = observer(function EditorArea() {
  const groups = useService(EditorGroupsStore);
  const area = useRef<HTMLDivElement>(null);
  const width = useWidth(area);
  const [first, shownSecond] = groups.groups;
  const fit = fitEditorGroups({
    width,
    share: groups.share,
    second: !shownSecond ? 'none' : fileTabsOf(shownSecond).length === 0 ? 'pinned' : 'files',
    secondActive: shownSecond !== undefined && groups.activeGroup.id === shownSecond.id,
  });
  const second = fit.showSecond ? shownSecond : undefined;
  return (
    <section className="bp-editor-area" aria-label="Editor">
      <Suspense fallback={null}>
        <EditorFeatures />
      </Suspense>
      <div className="bp-editor-groups" ref={area}>
        <EditorGroupView key={first.id} group={first} position={0} style={second ? { flex: `0 0 ${fit.share * 100}%` } : undefined} />
        {second && <Sash label="Resize editor groups" value={Math.round(fit.share * width)} edge="left" onResize={(value) => width > 0 && groups.resize(value / width)} />}
        {second && <EditorGroupView key={second.id} group={second} position={1} />}
      </div>
    </section>
  );
});
