// The guard against requests a page elsewhere sends (guard.ts): wrong Host (DNS rebinding) gets 403,
// a write whose body a browser sends cross-origin unasked gets the API server's 415, the sim endpoint
// takes only its own media type — and none of them changes the cluster.

import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Session } from '../engine';
import { ApiServer } from './apiServer';
import { hostAllowed, mediaType, SIM_MEDIA_TYPE } from './guard';

let server: Server;
let api: ApiServer;
let port = 0;

beforeEach(async () => {
  api = new ApiServer(new Session({ seed: 1 }));
  server = createServer(api.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});

afterEach(async () => {
  api.closeStreams();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

/** A raw request (fetch does not let a caller set Host). */
function raw(
  method: string,
  path: string,
  opts: { host?: string; type?: string; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: opts.host ?? `127.0.0.1:${port}` };
    if (opts.type !== undefined) headers['Content-Type'] = opts.type;
    if (opts.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(opts.body));
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const POD = JSON.stringify({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'intruder' },
  spec: { containers: [{ name: 'c', image: 'busybox' }] },
});
const podCount = () => api.session.sim.store.count('Pod');

describe('hostAllowed', () => {
  it('takes the loopback names with the served port only', () => {
    expect(hostAllowed('127.0.0.1:8080', 8080)).toBe(true);
    expect(hostAllowed('localhost:8080', 8080)).toBe(true);
    expect(hostAllowed('LOCALHOST:8080', 8080)).toBe(true);
    expect(hostAllowed('[::1]:8080', 8080)).toBe(true);
    expect(hostAllowed('localhost', 80)).toBe(true);
    expect(hostAllowed('localhost', 8080)).toBe(false);
    expect(hostAllowed('127.0.0.1:8081', 8080)).toBe(false);
    expect(hostAllowed('evil.example:8080', 8080)).toBe(false);
    expect(hostAllowed('127.0.0.1.nip.io:8080', 8080)).toBe(false);
    expect(hostAllowed('localhost.:8080', 8080)).toBe(false);
    expect(hostAllowed('[::2]:8080', 8080)).toBe(false);
    expect(hostAllowed('', 8080)).toBe(false);
    expect(hostAllowed(undefined, 8080)).toBe(false);
    expect(hostAllowed('127.0.0.1:8080:1', 8080)).toBe(false);
  });
  it('reads the media type without parameters', () => {
    expect(mediaType('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaType(undefined)).toBe('');
  });
});

describe('the guard in front of the API server', () => {
  it('answers another Host (DNS rebinding) 403 with a Forbidden Status, for reads and writes', async () => {
    for (const host of [`evil.example:${port}`, `127.0.0.1:${port + 1}`, 'localhost']) {
      const get = await raw('GET', '/api/v1/pods', { host });
      expect(get.status).toBe(403);
      const status = JSON.parse(get.body) as { kind: string; reason: string; code: number; message: string };
      expect(status).toMatchObject({ kind: 'Status', reason: 'Forbidden', code: 403 });
      expect(status.message).toContain(`Host "${host}" is not this server`);
    }
    const post = await raw('POST', '/api/v1/namespaces/default/pods', {
      host: `evil.example:${port}`,
      type: 'application/json',
      body: POD,
    });
    expect(post.status).toBe(403);
    expect(podCount()).toBe(0);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`])
      expect((await raw('GET', '/version', { host })).status).toBe(200);
  });

  it('answers a write with a body a browser sends unasked 415, as the API server words it, and creates nothing', async () => {
    const before = podCount();
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      undefined,
    ]) {
      const r = await raw('POST', '/api/v1/namespaces/default/pods', { type, body: POD });
      expect(r.status, String(type)).toBe(415);
      expect(JSON.parse(r.body)).toEqual({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message:
          'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf',
        reason: 'UnsupportedMediaType',
        code: 415,
      });
    }
    expect(podCount()).toBe(before);
    const ok = await raw('POST', '/api/v1/namespaces/default/pods', { type: 'application/json', body: POD });
    expect(ok.status).toBe(201);
    expect(podCount()).toBe(before + 1);
  });

  it('guards eviction, PUT, PATCH and a DELETE with a body the same way', async () => {
    await raw('POST', '/api/v1/namespaces/default/pods', { type: 'application/json', body: POD });
    const evict = await raw('POST', '/api/v1/namespaces/default/pods/intruder/eviction', {
      type: 'text/plain',
      body: '{"apiVersion":"policy/v1","kind":"Eviction","metadata":{"name":"intruder"}}',
    });
    expect(evict.status).toBe(415);
    const bare = await raw('POST', '/api/v1/namespaces/default/pods/intruder/eviction', {});
    expect(bare.status).toBe(415);
    const put = await raw('PUT', '/api/v1/nodes/node-1', { type: 'text/plain', body: '{}' });
    expect(put.status).toBe(415);
    const patch = await raw('PATCH', '/api/v1/nodes/node-1', {
      type: 'text/plain',
      body: '{"spec":{"unschedulable":true}}',
    });
    expect(patch.status).toBe(415);
    expect(JSON.parse(patch.body).message).toBe(
      'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json',
    );
    const del = await raw('DELETE', '/api/v1/namespaces/default/pods/intruder', {
      type: 'text/plain',
      body: '{"gracePeriodSeconds":0}',
    });
    expect(del.status).toBe(415);
    expect(
      api.session.sim.store.get('Pod', 'default', 'intruder')?.metadata.deletionTimestamp,
    ).toBeUndefined();
    expect(api.session.sim.store.get('Node', undefined, 'node-1')?.spec?.unschedulable).toBeUndefined();
    // What kubectl sends still goes through.
    expect(
      (
        await raw('DELETE', '/api/v1/namespaces/default/pods/intruder', {
          type: 'application/json',
          body: '{"kind":"DeleteOptions","apiVersion":"v1","gracePeriodSeconds":0}',
        })
      ).status,
    ).toBe(200);
    expect((await raw('DELETE', '/api/v1/namespaces/default/pods/intruder')).status).toBe(404);
  });

  it("answers kubectl's stream requests (exec, attach, portforward) with the router's 404, not a 415", async () => {
    await raw('POST', '/api/v1/namespaces/default/pods', { type: 'application/json', body: POD });
    const notServed = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'the server could not find the requested resource',
      reason: 'NotFound',
      details: {},
      code: 404,
    };
    // kubectl's SPDY fallback: a POST without a body or a type, after the WebSocket GET got the same 404
    for (const sub of ['exec?command=ls&stdout=true', 'attach?stdout=true', 'portforward']) {
      const post = await raw('POST', `/api/v1/namespaces/default/pods/intruder/${sub}`);
      expect(post.status, sub).toBe(404);
      expect(JSON.parse(post.body), sub).toEqual(notServed);
      const get = await raw('GET', `/api/v1/namespaces/default/pods/intruder/${sub}`);
      expect(get.status, sub).toBe(404);
    }
    // a form POST from a page elsewhere gets the same 404 and changes nothing
    const form = await raw('POST', '/api/v1/namespaces/default/pods/intruder/exec', {
      type: 'application/x-www-form-urlencoded',
      body: 'command=rm',
    });
    expect(form.status).toBe(404);
    // the guard still refuses the Host of a page elsewhere there
    expect(
      (await raw('POST', '/api/v1/namespaces/default/pods/intruder/exec', { host: 'evil.example' })).status,
    ).toBe(403);
    // and a subresource that takes a body keeps its media-type check
    expect((await raw('POST', '/api/v1/namespaces/default/pods/intruder/eviction', {})).status).toBe(415);
  });

  it('runs sim lines only with the sim media type', async () => {
    const nodes = api.session.sim.store.count('Node');
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json',
      undefined,
    ]) {
      const r = await raw('POST', '/playground/v1/sim', { type, body: 'sim cluster empty\n' });
      expect(r.status, String(type)).toBe(415);
      expect(JSON.parse(r.body).message).toBe(
        `the body of the request was in an unknown format - accepted media types include: ${SIM_MEDIA_TYPE}`,
      );
    }
    expect(api.session.sim.store.count('Node')).toBe(nodes);
    const r = await raw('POST', '/playground/v1/sim', { type: SIM_MEDIA_TYPE, body: 'sim cluster empty\n' });
    expect(r.status).toBe(200);
    expect(api.session.sim.store.count('Node')).toBe(0);
  });
});
