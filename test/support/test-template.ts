import * as path from 'path';

/**
 * The starter files test servers create their default sandbox from (BULLPEN_TEMPLATE): a small React app without
 * .codesandbox/tasks.json, so that starting a workspace in a test runs no setup (no `npm install`) and no task. Tests
 * of the built-in template set BULLPEN_TEMPLATE to '' (test/e2e/default-template.test.ts).
 */
export const TEST_TEMPLATE_DIR = path.resolve(__dirname, 'templates', 'react-starter');
