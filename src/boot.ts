/**
 * The browser entry (webpack.config.ts): fetches the editor (Monaco, the largest chunk) and the app in parallel, so
 * Monaco downloads while the app's own code is parsed and the workspace connects (ADR 0012).
 */
void import(/* webpackChunkName: "editor" */ './ui/editor/monaco-view');
void import(/* webpackChunkName: "app" */ './main');
