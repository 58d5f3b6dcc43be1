import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The README's two commands run on Node 24 LTS from the `node` dev dependency, even on a machine
// whose system Node is older (CI's Debian has 20). These say so where it can be seen failing.

const ROOT = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

describe('runtime', () => {
  it('runs the tests (and the servers they spawn, on process.execPath) on the Node .nvmrc names', async () => {
    const nvmrc = (await readFile(path.join(ROOT, '.nvmrc'), 'utf8')).trim();
    const [major, minor] = process.versions.node.split('.').map(Number);
    expect(String(major)).toBe(nvmrc);
    const packageJson = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));
    const [, engineMajor, engineMinor] = /^>=(\d+)\.(\d+)$/.exec(packageJson.engines.node) ?? [];
    expect(major === Number(engineMajor) ? minor! >= Number(engineMinor) : major! > Number(engineMajor)).toBe(
      true,
    );
  });

  it('gives npm scripts such as `npm start` that same Node, not the system one', async () => {
    const { stdout } = await run('npm', ['exec', '--offline', '-c', 'node -p process.versions.node'], {
      cwd: ROOT,
    });
    expect(stdout.trim()).toBe(process.versions.node);
  });
});
