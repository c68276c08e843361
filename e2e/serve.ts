// Starts e2e/static-server.mjs on a free port for a spec: dist/ under a sub-path, or a course page
// on another origin.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Served {
  /** e.g. http://127.0.0.1:43123/sub/dir/ */
  url: string;
  origin: string;
  stop(): Promise<void>;
}

export function serve(opts: { base?: string; root?: string; extra?: string } = {}): Promise<Served> {
  const base = opts.base ?? '/sub/dir/';
  const script = fileURLToPath(new URL('./static-server.mjs', import.meta.url));
  const args = [script, '--port', '0', '--base', base];
  if (opts.root) args.push('--root', opts.root);
  if (opts.extra) args.push('--extra', opts.extra);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error('the static server did not start'));
    }, 15_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = / at (http:\/\/127\.0\.0\.1:\d+)(\/\S*)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1] + m[2], origin: m[1], stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the static server exited (${code})`));
    });
  });
}
