// Loaded (--import) into a server that a test or bench starts (server-process.ts), before its
// bundle: the server ends at once when the process that started it is gone, however that went (a
// test worker is killed at the end of a run, or on a timeout). No one is left to stop it gracefully
// or read what it says, and no server may outlive its test to write into a data dir being removed.
//
// Two signs, either enough: its stdin, a pipe from that process, ends; or its parent changes (it
// was orphaned). The second is watched from a thread of its own, because the first needs the main
// thread's event loop, and a server can hold that for good: one left starting when its run ended
// had its data dir removed under it, and PGlite spun in WebAssembly at a full core until CI ended.
import { Worker } from 'node:worker_threads';

process.stdin
  .on('end', () => process.kill(process.pid, 'SIGKILL'))
  .resume()
  .unref();

const watcher = new Worker(
  `
  const { workerData } = require('node:worker_threads');
  setInterval(() => {
    if (process.ppid !== workerData.parent) process.kill(workerData.pid, 'SIGKILL');
  }, 250);
  `,
  { eval: true, workerData: { parent: process.ppid, pid: process.pid } },
);
watcher.unref();
