/** The page a browser gets instead of the editor when it has no valid session (401). */
export function accessTokenPage(reason: 'missing' | 'invalid'): string {
  const lead =
    reason === 'invalid'
      ? 'The access token in this address is not valid. It may have changed since the link was made.'
      : 'This Bullpen server requires an access token.';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Access token required · Bullpen</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2328}code{background:#f0f1f3;padding:.1em .3em;border-radius:3px}</style></head>
<body>
<h1>Access token required</h1>
<p>${lead}</p>
<p>Open the address that the server printed when it started, the line <code>Open the default sandbox: http://…?token=…</code>,
or ask the person who runs this server for it. The token is exchanged for a cookie, so you need it once per browser.</p>
<p>The token is also stored in the file <code>access-token</code> in the server's data directory, unless it was set with <code>BULLPEN_ACCESS_TOKEN</code>.</p>
</body>
</html>
`;
}
