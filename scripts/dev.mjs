// `npm run dev`: the API with file watching on :3000 and Vite's dev server on :5173 (proxying /api).
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, ENVIRONMENT: process.env.ENVIRONMENT ?? 'DEVELOPMENT' },
  }),
  spawn('npx', ['vite', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
