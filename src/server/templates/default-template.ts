import { SandboxTemplate } from '../application/sandbox/sandbox-template';

/** The port the template's dev server listens on (vite.config.js) and its task previews (tasks.json). */
export const DEFAULT_TEMPLATE_DEV_PORT = 5173;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The starter files of the default sandbox (ADR 0021): a small React app on Vite's dev server. Its setup installs the
 * dependencies, then the Dev server task starts by itself and its port opens in the preview, where edits hot-reload
 * (through Bullpen's preview proxy). Nothing in it asks a question on a terminal. Its files are as format on save
 * (Prettier's defaults) leaves them, so that a first save changes only what the user changed.
 */
export const DEFAULT_TEMPLATE: SandboxTemplate = {
  id: 'vite-react',
  title: 'Vite + React',
  files: {
    'README.md': `# Vite + React

This sandbox is a small React app served by [Vite](https://vite.dev)'s dev server.

- When the sandbox starts, its setup runs \`npm install\`; then the **Dev server** task (\`npm run dev\`) starts by
  itself, and its port, ${DEFAULT_TEMPLATE_DEV_PORT}, shows in the preview (Ports panel, or the task's port in the Tasks panel).
  Both are in \`.codesandbox/tasks.json\`.
- Edit \`src/App.jsx\` and save (Ctrl/Cmd+S): the preview updates in place (hot reload) and keeps the app's state.
- Every change is shared live with everyone who has this sandbox open.
- \`npm run build\` writes the production build to \`dist/\`; \`.gitignore\` keeps it and \`node_modules\` out of
  source control.
- Ctrl+\` opens a terminal in this sandbox.
`,
    '.gitignore': `# Dependencies and build output
node_modules
dist
dist-ssr

# Local settings and secrets
.env.local
.env.*.local
*.local

# Logs
logs
*.log
npm-debug.log*

# Editors and systems
.DS_Store
.idea
.vscode/*
!.vscode/extensions.json
`,
    '.codesandbox/tasks.json': json({
      setupTasks: [{ name: 'Install dependencies', command: 'npm install' }],
      tasks: {
        dev: { name: 'Dev server', command: 'npm run dev', runAtStart: true, preview: { port: DEFAULT_TEMPLATE_DEV_PORT } },
        build: { name: 'Build', command: 'npm run build' },
      },
    }),
    'package.json': json({
      name: 'vite-react-starter',
      private: true,
      version: '0.0.0',
      type: 'module',
      scripts: { dev: 'vite', build: 'vite build', preview: 'vite preview' },
      dependencies: { react: '^19.3.1', 'react-dom': '^19.3.1' },
      devDependencies: { '@vitejs/plugin-react': '^6.3.0', vite: '^8.4.0' },
    }),
    'vite.config.js': `import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// https://vite.dev/config/
export default defineConfig({
  plugins: [react()],
  server: {
    // The port the preview shows (.codesandbox/tasks.json): fail rather than move to another one when it is taken.
    port: ${DEFAULT_TEMPLATE_DEV_PORT},
    strictPort: true,
    // No hmr.host, hmr.port or hmr.clientPort: the page's hot-reload socket then connects to the page's own host and
    // port, which is Bullpen's preview address, and the preview proxy passes it on to this server.
  },
});
`,
    'index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Vite + React</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
`,
    'public/favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="7" fill="#242424"/>
  <path d="M18 4 8 18h7l-2 10 11-15h-7z" fill="#ffd62e"/>
</svg>
`,
    'src/main.jsx': `import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App.jsx";
import "./index.css";

createRoot(document.getElementById("root")).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`,
    'src/App.jsx': `import { useState } from "react";

export default function App() {
  const [count, setCount] = useState(0);

  return (
    <main className="app">
      <h1>Hello Bullpen</h1>
      <p>
        Edit <code>src/App.jsx</code> and save: the preview updates in place,
        and the count stays.
      </p>
      <button type="button" onClick={() => setCount((count) => count + 1)}>
        Count is {count}
      </button>
    </main>
  );
}
`,
    'src/index.css': `:root {
  font-family: system-ui, sans-serif;
  line-height: 1.5;
  color-scheme: light dark;
  color: #213547;
  background-color: #ffffff;
}

@media (prefers-color-scheme: dark) {
  :root {
    color: rgba(255, 255, 255, 0.87);
    background-color: #242424;
  }
}

body {
  margin: 0;
  min-height: 100vh;
  display: grid;
  place-items: center;
}

.app {
  max-width: 36rem;
  padding: 2rem;
  text-align: center;
}

h1 {
  font-size: 2.5rem;
  line-height: 1.1;
  margin: 0 0 1rem;
}

code {
  font-family: ui-monospace, monospace;
  padding: 0.1em 0.35em;
  border-radius: 4px;
  background: rgba(127, 127, 127, 0.15);
}

button {
  font: inherit;
  font-weight: 500;
  padding: 0.6em 1.2em;
  border: 0;
  border-radius: 8px;
  color: #ffffff;
  background: #646cff;
  cursor: pointer;
}

button:hover {
  background: #535bf2;
}

button:focus-visible {
  outline: 3px solid #a5a9ff;
  outline-offset: 2px;
}
`,
  },
};
