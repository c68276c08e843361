// The API server for e2e/serve-csrf.spec.ts, run with tsx (Playwright's loader does not take the
// engine's JSON imports): the article cluster settled, on a free loopback port, printing
// `listening PORT` and then one JSON line per answered request (method, path, Content-Type, Host,
// status), so the spec sees that every request of the attacking page arrived and how it was answered.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ARTICLE_MANIFEST } from '../src/engine/cluster/manifests';
import { Session } from '../src/engine/script/session';
import { ApiServer } from '../src/server/apiServer';

const session = new Session({ seed: 1 });
session.exec('kubectl apply -f -', ARTICLE_MANIFEST);
session.sim.settle();
const api = new ApiServer(session);
const server = createServer((req, res) => {
  res.on('finish', () => {
    const line = {
      method: req.method ?? '',
      path: req.url ?? '',
      type: String(req.headers['content-type'] ?? ''),
      host: String(req.headers.host ?? ''),
      status: res.statusCode,
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  });
  api.handle(req, res);
});
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`),
);
process.on('SIGTERM', () => process.exit(0));
