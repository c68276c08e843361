#!/usr/bin/env node
// A tiny static file server that serves dist/ under a sub-path, the way GitHub Pages or any plain web
// server would host the build at https://host/sub/dir/. For e2e/offline.spec.ts (and by hand):
//   node e2e/static-server.mjs [--port 4190] [--base /sub/dir/] [--root dist] [--extra DIR]  (--port 0: any free port)
// --extra DIR: files looked up in DIR first (a test's own pages next to the build, e.g. a course page).
// --gzip: text files (HTML, JS, CSS, JSON, SVG) sent gzip-encoded to a client that accepts it, as most
// hosts do (GitHub Pages, nginx with gzip on); tools/bench/lighthouse.mjs measures the page that way.
// No CORS headers, on purpose: a plain static host.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const port = Number(opt('port', '4190'));
const base = opt('base', '/sub/dir/');
const root = resolve(fileURLToPath(new URL('..', import.meta.url)), opt('root', 'dist'));
const extra = opt('extra', null) ? resolve(opt('extra', '')) : null;
const gzip = args.includes('--gzip');
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.ttf']);
/** gzip bodies by file and modification time: compressed once, like a host's cache */
const gzipped = new Map();

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  let path = decodeURIComponent(url.pathname);
  if (path === base.slice(0, -1)) {
    res.writeHead(301, { location: base + url.search });
    return res.end();
  }
  if (!path.startsWith(base)) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end('not under the base path');
  }
  path = path.slice(base.length) || 'index.html';
  if (path.endsWith('/')) path += 'index.html';
  let file = normalize(join(root, path));
  if (!file.startsWith(root + sep)) {
    res.writeHead(403);
    return res.end();
  }
  if (extra) {
    const e = normalize(join(extra, path));
    try {
      if (e.startsWith(extra + sep) && statSync(e).isFile()) file = e;
    } catch {
      // not an extra file
    }
  }
  let st;
  try {
    st = statSync(file);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' });
    return res.end('not found');
  }
  if (!st.isFile()) {
    res.writeHead(404);
    return res.end();
  }
  if (gzip && COMPRESSIBLE.has(extname(file)) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    const key = `${file}:${st.mtimeMs}`;
    let body = gzipped.get(key);
    if (!body) gzipped.set(key, (body = gzipSync(readFileSync(file), { level: 9 })));
    res.writeHead(200, {
      'content-type': TYPES[extname(file)],
      'content-encoding': 'gzip',
      'content-length': body.length,
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
    });
    return res.end(req.method === 'HEAD' ? undefined : body);
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': st.size,
    'cache-control': 'no-cache',
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
});

// --port 0: any free port; the line below says which (e2e/serve.ts reads it).
server.listen(port, '127.0.0.1', () => {
  const addr = server.address();
  console.log(
    `serving ${root} at http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : port}${base}`,
  );
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
