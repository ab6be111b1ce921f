import { observer } from 'mobx-react-lite';
import { Suspense, lazy } from 'react';
import { LayoutStore } from '../../application/workbench/layout.store';
import { useService } from '../di/container-context';

const PreviewPane = lazy(() => import('./preview-pane').then((m) => ({ default: m.PreviewPane })));

/** Where the preview sits beside the editor: nothing until it is shown, then the pane (loaded on demand). */
export const PreviewSlot = observer(function PreviewSlot() {
  const layout = useService(LayoutStore);
  if (!layout.layout.previewVisible) return null;
  return (
    <Suspense fallback={null}>
      <PreviewPane />
    </Suspense>
  );
});
