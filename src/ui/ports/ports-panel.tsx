import { observer } from 'mobx-react-lite';
import { PortsStore } from '../../application/port/ports.store';
import { PreviewStore } from '../../application/port/preview.store';
import { TasksStore } from '../../application/tasks/tasks.store';
import { useService } from '../di/container-context';
import './ports-panel.css';

/** The workspace's open ports: number, preview address, the task it belongs to, open in the preview or a new tab. */
export const PortsPanel = observer(function PortsPanel() {
  const ports = useService(PortsStore);
  const preview = useService(PreviewStore);
  const tasks = useService(TasksStore);
  const ownerOf = (port: number) => tasks.all.find((t) => t.ports.some((p) => p.port === port) || t.preview?.port === port)?.name;
  return (
    <section className="bp-ports" aria-label="Ports" data-testid="ports-panel">
      {ports.list.length === 0 ? (
        <p className="bp-muted">No open ports. Start a server in a terminal or a task: its port shows here within a second.</p>
      ) : (
        <table className="bp-ports-table">
          <thead>
            <tr>
              <th scope="col">Port</th>
              <th scope="col">Address</th>
              <th scope="col">Task</th>
              <th scope="col">
                <span className="bp-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {ports.list.map((port) => (
              <tr key={port.port} data-port={port.port}>
                <td className="bp-ports-number">{port.port}</td>
                <td>
                  <a href={preview.externalUrl(port)} target="_blank" rel="noreferrer" className="bp-ports-url">
                    {port.url}
                  </a>
                </td>
                <td className="bp-muted-cell">{ownerOf(port.port) ?? ''}</td>
                <td className="bp-ports-actions">
                  <button className="bp-button" onClick={() => preview.open(port.port)} aria-label={`Open port ${port.port} in the preview`}>
                    Open in Preview
                  </button>
                  <a className="bp-button" href={preview.externalUrl(port)} target="_blank" rel="noreferrer" aria-label={`Open port ${port.port} in a new tab`}>
                    Open in New Tab
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
});
