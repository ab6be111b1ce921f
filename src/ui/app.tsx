import { Route, Routes, useParams } from 'react-router';
import { EditorPage } from './workbench/editor-page';
import { ErrorScreen } from './widgets/error-screen';

function SandboxRoute() {
  const { '*': id } = useParams();
  return <EditorPage sandboxId={id ?? ''} />;
}

/** Client routes (spec 000 §2); the ones beyond the sandbox editor arrive with later issues. */
export function App() {
  return (
    <Routes>
      <Route path="/sandbox/*" element={<SandboxRoute />} />
      <Route path="*" element={<ErrorScreen title="Page not found" description="There is nothing at this address." />} />
    </Routes>
  );
}
