// What the page's connected mode needs from `serve` (src/server/apiServer.ts): CORS for its origin, the
// sim endpoint's exit code readable across origins, and Chrome's Private Network Access preflight.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Session } from '../engine';
import { ApiServer } from '../server/apiServer';
import { SIM_MEDIA_TYPE } from '../server/guard';

const ORIGIN = 'http://127.0.0.1:4301';
let server: Server;
let base = '';

beforeEach(async () => {
  const api = new ApiServer(new Session({ preset: 'article' }), { allowOrigins: [ORIGIN] });
  server = createServer(api.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('serve for the connected page', () => {
  it('lets the page read the sim endpoint’s exit code', async () => {
    const res = await fetch(`${base}/playground/v1/sim`, {
      method: 'POST',
      body: '',
      headers: { Origin: ORIGIN, 'Content-Type': SIM_MEDIA_TYPE },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-expose-headers')).toBe('X-Exit-Code');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  });
  it('answers a Private Network Access preflight, and no other origin gets CORS', async () => {
    const pre = await fetch(`${base}/api/v1/nodes/node-1`, {
      method: 'OPTIONS',
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-private-network')).toBe('true');
    const other = await fetch(`${base}/api/v1/nodes`, { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
