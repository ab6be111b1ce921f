import { useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

describe('Terminal', () => {
  const session = useSandboxSession();

  it('runs a shell command typed into the terminal and shows its output', async () => {
    const { page } = session;
    const rows = page.locator('[data-testid=terminal] .xterm-rows');
    await rows.waitFor({ timeout: 30_000 });
    await page.locator('[data-testid=terminal] .xterm-helper-textarea').focus();
    await page.keyboard.type('echo bullpen-$((6*7))\n');
    // The command line itself shows `$((6*7))`; only the shell's output contains the evaluated result.
    await waitFor(async () => (await rows.innerText()).includes('bullpen-42'), { timeout: 30_000, message: 'bullpen-42 in the terminal' });
  });

  it("is a login zsh, the default terminal profile (spec 002 §9), at Bullpen's prompt", async () => {
    const { page } = session;
    const rows = page.locator('[data-testid=terminal] .xterm-rows');
    await page.locator('[data-testid=terminal] .xterm-helper-textarea').focus();
    await page.keyboard.type('echo "profile=${ZSH_NAME:-other}-$([[ -o login ]] && echo login)"\n');
    await waitFor(async () => (await rows.innerText()).includes('profile=zsh-login'), { timeout: 30_000, message: 'profile=zsh-login in the terminal' });
    // The prompt of Bullpen's .zshrc: user@host:directory% (no new-user wizard came first).
    expect(await rows.innerText()).toMatch(/user@[\w-]+:\S+% /);
  });

  it('sizes the shell to the terminal panel', async () => {
    const { page } = session;
    const rows = page.locator('[data-testid=terminal] .xterm-rows');
    const visibleRows = await rows.locator(':scope > div').count();
    await page.locator('[data-testid=terminal] .xterm-helper-textarea').focus();
    await page.keyboard.type('echo size=$(stty size | tr " " x)\n');
    let reported = '';
    await waitFor(
      async () => {
        reported = /size=(\d+)x(\d+)/.exec(await rows.innerText())?.[0] ?? '';
        return reported !== '';
      },
      { timeout: 30_000, message: 'stty size output' },
    );
    const [, ptyRows, ptyCols] = /size=(\d+)x(\d+)/.exec(reported)!;
    expect(Number(ptyRows)).toBe(visibleRows);
    expect(Number(ptyCols)).toBeGreaterThan(40);
  });
});
