import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as semver from 'semver';

/**
 * Issue 19 item 8: `npm install` is quiet. npm warns EBADENGINE when an installed package's `engines.node` does not
 * cover the running Node, and lists packages whose install scripts `allowScripts` does not decide. Both are checked
 * here against what is installed, so a dependency upgrade that brings either back fails `npm test`.
 */
const ROOT = path.resolve(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts: Record<string, boolean>;
};

interface Installed {
  name: string;
  version: string;
  dir: string;
  engines?: { node?: string };
  scripts?: Record<string, string>;
}

function installedPackages(dir = path.join(ROOT, 'node_modules'), found: Installed[] = []): Installed[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const at = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      installedPackages(at, found);
      continue;
    }
    const pkg = path.join(at, 'package.json');
    if (existsSync(pkg)) found.push({ ...(JSON.parse(readFileSync(pkg, 'utf8')) as Installed), dir: at });
    const nested = path.join(at, 'node_modules');
    if (existsSync(nested)) installedPackages(nested, found);
  }
  return found;
}

const packages = installedPackages();

describe('npm install is quiet (issue 19 item 8)', () => {
  it('declares engines that every installed package supports (no EBADENGINE)', () => {
    expect(semver.satisfies(process.version, manifest.engines.node)).toBe(true);
    const narrower = packages
      .filter((p) => p.engines?.node && semver.validRange(p.engines.node) && !semver.subset(manifest.engines.node, p.engines.node))
      .map((p) => `${p.name}@${p.version} needs node ${p.engines!.node}`);
    expect(narrower).toEqual([]);
  });

  it('decides every install script in allowScripts', () => {
    const lifecycle = ['preinstall', 'install', 'postinstall'];
    const undecided = packages
      .filter((p) => lifecycle.some((s) => p.scripts?.[s]) || existsSync(path.join(p.dir, 'binding.gyp')))
      .filter((p) => !(p.name in manifest.allowScripts))
      .map((p) => `${p.name}@${p.version}`);
    expect(undecided).toEqual([]);
  });
});
