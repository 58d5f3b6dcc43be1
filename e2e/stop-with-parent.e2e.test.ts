import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { STOP_WITH_PARENT } from '../scripts/lib/server-process.ts';

// A server started for a test must not outlive the process that started it, even when its own
// main thread never comes back to its event loop (stop-with-parent.mjs): one that did spun a core
// through the rest of a CI run.

/** Whether a process is still there (signal 0 only asks). */
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A parent process that starts a child (a busy loop that never yields, with STOP_WITH_PARENT as a
 * server gets it and stdin a pipe from the parent), prints its pid and then stays until its stdin
 * closes. Resolves with the child's pid and a way to make the parent exit.
 */
async function parentWithSpinningChild() {
  const child = `
    const { spawn } = require('node:child_process');
    const spinning = spawn(process.execPath, ['--import', ${JSON.stringify(STOP_WITH_PARENT)}, '-e', 'setTimeout(() => { for (;;); }, 300)'], { stdio: ['pipe', 'ignore', 'ignore'] });
    console.log(spinning.pid);
    process.stdin.on('end', () => process.exit(0)).resume();
  `;
  const parent = spawn(process.execPath, ['-e', child], { stdio: ['pipe', 'pipe', 'inherit'] });
  const pid = await new Promise<number>((resolve, reject) => {
    parent.stdout.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim())));
    parent.once('exit', () => reject(new Error('the parent exited before it started its child')));
  });
  return { pid, endParent: () => parent.stdin.end() };
}

describe('a server started for a test', () => {
  it('ends once its parent is gone, even with its main thread busy for good', async () => {
    const { pid, endParent } = await parentWithSpinningChild();
    try {
      // Busy by now: its main thread no longer turns to events such as its stdin ending.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(isAlive(pid)).toBe(true);
      endParent();
      const deadline = Date.now() + 5_000;
      while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(isAlive(pid)).toBe(false);
    } finally {
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
