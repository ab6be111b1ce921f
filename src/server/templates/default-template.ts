import { SandboxTemplate } from '../application/sandbox/sandbox-template';

/** The starter files of the default sandbox: a small React app. */
export const DEFAULT_TEMPLATE: SandboxTemplate = {
  id: 'react-starter',
  title: 'React starter',
  files: {
    'README.md': `# Welcome to Bullpen

This sandbox is a small React app. Edit any file: every change is shared live with
everyone who has this sandbox open, and Ctrl/Cmd+S saves it to disk.

- \`src/App.js\`: the component to start with
- \`src/index.js\`: mounts the app
- Open the terminal below to run commands in this sandbox.
`,
    'package.json': `${JSON.stringify(
      {
        name: 'react-starter',
        version: '1.0.0',
        private: true,
        main: 'src/index.js',
        scripts: { start: 'react-scripts start', build: 'react-scripts build' },
        dependencies: { react: '^18.3.1', 'react-dom': '^18.3.1', 'react-scripts': '5.0.1' },
      },
      null,
      2,
    )}\n`,
    'public/index.html': `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>React starter</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
    'src/index.js': `import React from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import './styles.css';

createRoot(document.getElementById('root')).render(<App />);
`,
    'src/App.js': `export default function App() {
  return (
    <div className="App">
      <h1>Hello Bullpen</h1>
      <h2>Start editing to see some magic happen!</h2>
    </div>
  );
}
`,
    'src/styles.css': `.App {
  font-family: sans-serif;
  text-align: center;
}
`,
  },
};
