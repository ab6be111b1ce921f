import { ActionDeclaration } from '../workbench/action-registry';
import { LayoutStore } from '../workbench/layout.store';
import { PortsStore } from './ports.store';
import { PreviewStore } from './preview.store';

export interface PortActionDeps {
  readonly ports: PortsStore;
  readonly preview: PreviewStore;
  readonly layout: LayoutStore;
}

/** The ports panel's and the preview pane's actions (Show Ports and Toggle Preview are the workbench's). */
export function portActions({ ports, preview, layout }: PortActionDeps): ActionDeclaration[] {
  const shown = () => layout.layout.previewVisible && preview.target !== undefined;
  return [
    {
      id: 'workbench.action.preview.openFirstPort',
      category: 'Preview',
      label: 'Open Preview of the First Open Port',
      when: () => ports.list.length > 0,
      run: () => preview.open((preview.target ?? ports.list[0]).port),
    },
    { id: 'workbench.action.preview.reload', category: 'Preview', label: 'Reload Preview', when: shown, run: () => preview.reload() },
  ];
}
