/**
 * Bullpen's own settings in the server's environment, which an unsandboxed workspace process (ADR 0010's loopback
 * fallback) would otherwise inherit: PORT and HOST would send a dev server to Bullpen's own port (create-react-app reads
 * PORT), and DATABASE_URL and BULLPEN_BOOTSTRAP_TOKEN are credentials. Sandboxed processes get an environment of their
 * own and never see these. (Unsandboxed processes run as the server's user: this keeps them from stumbling on the
 * settings, it is not a security boundary.)
 */
const SERVER_ONLY = new Set(['PORT', 'HOST', 'DATABASE_URL', 'TEST_DATABASE_URL']);

export function withoutServerSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || SERVER_ONLY.has(name) || name.startsWith('BULLPEN_')) continue;
    out[name] = value;
  }
  return out;
}
