// `npm run dev`: the API server on PORT (default 8080) plus Vite's dev server with the API proxied.
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const api = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, SERVE_CLIENT: '0' },
});
const vite = await createServer({ server: { port: Number(process.env.VITE_PORT ?? 5173) } });
await vite.listen();
vite.printUrls();
const stop = () => {
  api.kill('SIGTERM');
  void vite.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  console.error(`API server exited (${code ?? 'signal'})`);
  void vite.close().then(() => process.exit(code ?? 1));
});
