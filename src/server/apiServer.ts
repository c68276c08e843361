// The engine behind a Kubernetes API: discovery, CRUD with resourceVersion and conflicts, list
// with selectors and paging, watch with resume, server-side tables, patch, eviction and Status
// errors, over plain HTTP on loopback (staging/src/k8s.io/apiserver/pkg/endpoints/handlers).

import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  evictPod,
  EVICTION_RETRY_MS,
  conflict,
  StatusError,
  metaNamespaceKey,
  type Kind,
  type KObject,
  type Session,
  discoveryResponse,
  decodeError,
  dropFields,
  strictDecodingError,
  unknownFields,
  type FieldValidation,
  serverJSON,
  daemonSetStatus,
  deploymentStatus,
  type DaemonSet,
  type Deployment,
  type Pod,
  containerLogLines,
  containerLogUnavailable,
  type LogLine,
  FOLLOW_LIMIT_MS,
  logFollower,
} from '../engine';
import { SELF_SUBJECT_ACCESS_REVIEWS, selfSubjectAccessReview } from './access';
import { SELF_SUBJECT_REVIEWS, selfSubjectReviewResponse } from './authn';
import {
  OPENAPI_V2_PROTOBUF,
  openAPIV2,
  openAPIV2Protobuf,
  openAPIV3Document,
  openAPIV3Root,
} from './openapi';
import { nodeLease } from './lease';
import { APPLY_PATCH, applyPatch, PATCH_TYPES } from './patch';
import { applyScale, scaleOf } from './scale';
import type { Pacer } from './pacer';
import { groupVersion, servedResource, type ServedResource } from './resources';
import { objectMatches, parseFieldSelector, parseLabelSelector } from './selectors';
import { failure, notFoundPath, statusFromError, type StatusBody } from './status';
import { toTable, wantsTable, type IncludeObject } from './table';
import { WatchHub, type Watcher } from './watch';
import { decodeDeleteOptions, decodeObjectBody, MAX_DECODE_DEPTH, tooDeep } from './requestBody';
import { guardRequest, SIM_PATH } from './guard';
import { queryBool, WatchQueue } from './watchQueue';
import { SimRunner } from './simRunner';

/** How long the paced clock holds for the other streams of a `logs -f` of several containers. */
const FOLLOW_GATHER_MS = 100;

/** The request body limit of the API server (3 MiB). */
const MAX_BODY = 3 * 1024 * 1024;

export interface ApiServerOptions {
  /** origins allowed to call the API from a browser (CORS), e.g. the playground's */
  allowOrigins?: string[];
  /** the paced clock (`--speed 0`): time moves while clients wait, as the emulator moves it */
  pacer?: Pacer;
  /**
   * The first resourceVersion to hand out (serve passes one made from the wall clock, so every start
   * is unique and a client resuming from an earlier run's version gets 410 Gone).
   */
  startResourceVersion?: number;
}

interface Target {
  resource: ServedResource;
  namespace?: string;
  name?: string;
  subresource?: string;
}

class HttpError extends Error {
  constructor(readonly status: StatusBody) {
    super(status.message);
  }
}

export class ApiServer {
  readonly hub: WatchHub;
  private store;
  private readonly streams = new Set<ServerResponse>();
  /** `POST /playground/v1/sim` requests, one at a time, run in slices (simRunner.ts) */
  readonly simRunner: SimRunner;
  /** watch streams closed because their client fell behind (watchQueue.ts) */
  watchersClosedBehind = 0;

  constructor(
    readonly session: Session,
    private readonly opts: ApiServerOptions = {},
  ) {
    this.store = session.sim.store;
    if (opts.startResourceVersion !== undefined) this.store.advanceResourceVersion(opts.startResourceVersion);
    this.hub = new WatchHub(this.store);
    this.simRunner = new SimRunner(session, () => this.followSession());
  }

  /**
   * After `sim cluster` replaced the simulation: follow the new store, its resourceVersions going on
   * from the old one's (a client resuming from an old version gets 410 Gone); open watches end.
   */
  private followSession(): void {
    if (this.session.sim.store === this.store) return;
    this.session.sim.store.advanceResourceVersion(Number(this.store.resourceVersion()) + 1);
    this.store = this.session.sim.store;
    this.hub.bind(this.store);
    for (const s of this.streams) s.end();
    this.streams.clear();
  }

  /** Ends every open watch stream (at shutdown). */
  closeStreams(): void {
    for (const s of this.streams) s.end();
    this.streams.clear();
  }

  handle = (req: IncomingMessage, res: ServerResponse): void => {
    this.cors(req, res);
    const refused = guardRequest(
      req,
      new URL(req.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '') || '/',
    );
    if (refused) {
      // The body is not read: the connection closes after the answer.
      res.setHeader('Connection', 'close');
      return send(res, refused.code, refused);
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    void this.route(req, res).catch((e: unknown) => {
      if (res.headersSent) {
        res.end();
        return;
      }
      if (e instanceof HttpError) return send(res, e.status.code, e.status);
      if (e instanceof StatusError) {
        // the API server's handler turns details.retryAfterSeconds into the Retry-After header
        if (e.retryAfterSeconds) res.setHeader('Retry-After', String(e.retryAfterSeconds));
        return send(res, e.code, statusFromError(e));
      }
      send(res, 500, failure(500, `Internal error occurred: ${(e as Error).message}`, 'InternalError'));
    });
  };

  private cors(req: IncomingMessage, res: ServerResponse): void {
    const origin = req.headers.origin;
    if (!origin || !(this.opts.allowOrigins ?? []).includes(origin)) return;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Accept, Authorization');
    // The page's connected mode (src/connect) reads the sim endpoint's exit code.
    res.setHeader('Access-Control-Expose-Headers', 'X-Exit-Code');
    // Chrome's Private Network Access: a page on a public site asks before it calls a loopback server.
    if (req.headers['access-control-request-private-network'] === 'true')
      res.setHeader('Access-Control-Allow-Private-Network', 'true');
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (badPathEscape(req.url ?? '/')) {
      // Go's net/http cannot parse the request line (url.ParseRequestURI): its own 400, no API Status
      res
        .writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' })
        .end('400 Bad Request');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';

    if (path === SIM_PATH) {
      if (method !== 'POST')
        throw new HttpError(
          failure(405, `the server does not allow this method on the requested resource`, 'MethodNotAllowed'),
        );
      return this.sim(await readBody(req), res);
    }
    if (
      method === 'GET' &&
      path === '/openapi/v2' &&
      (req.headers.accept ?? '').includes('proto-openapi.spec.v2')
    ) {
      res.writeHead(200, { 'Content-Type': OPENAPI_V2_PROTOBUF }).end(openAPIV2Protobuf());
      return;
    }
    if (method === 'GET') {
      const raw = discoveryResponse(this.session.sim.store, path);
      if (raw) {
        res.writeHead(200, { 'Content-Type': raw.contentType }).end(raw.body);
        return;
      }
      // kube-openapi writes the marshalled spec as it is, without a final newline
      const doc = this.openapi(path);
      if (doc !== undefined) {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(doc));
        return;
      }
    }
    const lease = /^\/apis\/coordination\.k8s\.io\/v1\/namespaces\/kube-node-lease\/leases\/([^/]+)$/.exec(
      path,
    );
    if (lease && method === 'GET') {
      const leaseName = unescapePath(lease[1]);
      const node = this.session.sim.store.get('Node', undefined, leaseName);
      if (!node)
        throw new StatusError(404, 'NotFound', `leases.coordination.k8s.io "${leaseName}" not found`);
      return send(res, 200, nodeLease(node, this.session.sim.now()));
    }
    if (path === SELF_SUBJECT_REVIEWS) {
      if (method !== 'POST') throw methodNotAllowed();
      return send(res, 201, selfSubjectReviewResponse(await readBytes(req), req.headers['content-type']));
    }
    if (path === SELF_SUBJECT_ACCESS_REVIEWS) {
      if (method !== 'POST') throw methodNotAllowed();
      return send(res, 201, selfSubjectAccessReview(await readBytes(req), req.headers['content-type']));
    }
    const target = parseTarget(path);
    if (!target) return send(res, 404, notFoundPath());
    this.followSession();
    const q = url.searchParams;
    const table = wantsTable(req.headers.accept);
    const { resource: r } = target;

    if (target.name === undefined) {
      switch (method) {
        case 'GET':
          return queryBool(q, 'watch')
            ? this.watch(req, res, target, q, table)
            : this.list(res, target, q, table);
        case 'POST':
          return this.create(req, res, target, q, await readJSON(req, r.kind));
        case 'DELETE':
          return this.deleteCollection(res, target, q);
        default:
          throw methodNotAllowed();
      }
    }
    const name = target.name;
    if (target.subresource === 'eviction') {
      if (method !== 'POST') throw methodNotAllowed();
      return this.evict(req, res, target, await readJSON(req, 'Eviction'));
    }
    if (target.subresource === 'log') {
      if (method !== 'GET') throw methodNotAllowed();
      const pod = this.mustGet(r, target.namespace, name) as Pod;
      return this.podLog(req, res, pod, q);
    }
    if (target.subresource === 'ephemeralcontainers' && r.kind === 'Pod')
      return this.ephemeralContainers(req, res, target, q, method);
    if (target.subresource === 'scale' && (r.kind === 'Deployment' || r.kind === 'ReplicaSet'))
      return this.scale(req, res, target, q, method);
    if (target.subresource !== undefined && target.subresource !== 'status')
      return send(res, 404, notFoundPath());
    const status = target.subresource === 'status';
    switch (method) {
      case 'GET': {
        const obj = this.mustGet(r, target.namespace, name);
        // `kubectl drain` polls the pods it evicted until they are gone: on the paced clock it waits for that.
        if (
          obj.metadata.deletionTimestamp &&
          /^kubectl (drain|delete)\b/.test(String(req.headers['kubectl-command'] ?? ''))
        ) {
          this.waitUntilGone(r.kind, target.namespace, name, obj.metadata.uid);
        }
        if (table)
          return sendTable(
            res,
            toTable(r.kind, [obj], this.session.sim.now(), obj.metadata.resourceVersion, includeObject(q)),
          );
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(`${objectJSON(obj)}\n`);
        return;
      }
      case 'PUT':
        return this.update(req, res, target, q, await readJSON(req, r.kind), status);
      case 'PATCH':
        return this.patch(req, res, target, q, status);
      case 'DELETE':
        if (status) throw methodNotAllowed();
        return this.delete(req, res, target, q);
      default:
        throw methodNotAllowed();
    }
  }

  private openapi(path: string): unknown | undefined {
    if (path === '/openapi/v2') return openAPIV2();
    if (path === '/openapi/v3') return openAPIV3Root();
    if (path.startsWith('/openapi/v3/')) return openAPIV3Document(path.slice('/openapi/v3/'.length));
    return undefined;
  }

  private mustGet(r: ServedResource, namespace: string | undefined, name: string): KObject {
    const obj = this.store.get(r.kind, namespace, name);
    if (!obj)
      throw new StatusError(
        404,
        'NotFound',
        `${r.group ? `${r.plural}.${r.group}` : r.plural} "${name}" not found`,
      );
    return obj;
  }

  private selected(target: Target, q: URLSearchParams): KObject[] {
    const labels = parseLabelSelector(q.get('labelSelector'));
    const fields = parseFieldSelector(target.resource.kind, q.get('fieldSelector'));
    const ns = target.resource.namespaced ? target.namespace : undefined;
    return this.store.list(target.resource.kind, ns).filter((o) => objectMatches(o, labels, fields));
  }

  private list(res: ServerResponse, target: Target, q: URLSearchParams, table: boolean): void {
    const r = target.resource;
    let items = this.selected(target, q);
    const rv = this.store.resourceVersion();
    // Paging: `continue` carries the key of the last item sent.
    const cont = q.get('continue');
    if (cont) {
      const after = decodeContinue(cont);
      items = items.filter((o) => metaNamespaceKey(o.metadata.namespace, o.metadata.name) > after);
    }
    const limit = Number(q.get('limit') ?? 0);
    const meta: Record<string, unknown> = { resourceVersion: rv };
    if (limit > 0 && items.length > limit) {
      const last = items[limit - 1];
      meta.continue = encodeContinue(metaNamespaceKey(last.metadata.namespace, last.metadata.name));
      meta.remainingItemCount = items.length - limit;
      items = items.slice(0, limit);
    }
    if (table) {
      const t = toTable(r.kind, items, this.session.sim.now(), rv, includeObject(q)) as {
        metadata: Record<string, unknown>;
      };
      t.metadata = meta;
      return sendTable(res, t);
    }
    // Stored objects are frozen, so each one's JSON is made once and reused by every list.
    const head = JSON.stringify({ kind: `${r.kind}List`, apiVersion: groupVersion(r), metadata: meta }).slice(
      0,
      -1,
    );
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(`${head},"items":[${items.map(itemJSON).join(',')}]}\n`);
  }

  private watch(
    req: IncomingMessage,
    res: ServerResponse,
    target: Target,
    q: URLSearchParams,
    table: boolean,
  ): void {
    const r = target.resource;
    const labels = parseLabelSelector(q.get('labelSelector'));
    const fields = parseFieldSelector(r.kind, q.get('fieldSelector'));
    const rvParam = q.get('resourceVersion');
    const fromRV = rvParam ? Number(rvParam) : undefined;
    if (rvParam && !Number.isFinite(fromRV))
      throw new HttpError(failure(400, `Invalid value: "${rvParam}": resourceVersion must be an integer`));
    // A version this server has not reached (a client of an earlier run): the watch cache's answer.
    const current = Number(this.store.resourceVersion());
    if (fromRV !== undefined && fromRV > current) {
      throw new HttpError(
        failure(504, `Too large resource version: ${fromRV}, current: ${current}`, 'Timeout', {
          causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version', field: '' }],
        }),
      );
    }
    res.writeHead(200, {
      'Content-Type': table ? 'application/json;as=Table;v=v1;g=meta.k8s.io' : 'application/json',
      'Cache-Control': 'no-cache, private',
    });
    // Headers go out now: a client waits for them before it acts (Node holds them until the first write).
    res.flushHeaders();
    this.streams.add(res);
    let first = true;
    let ended = false;
    let stop = (): void => undefined;
    let endPacing = (): void => undefined;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const end = () => {
      if (ended) return;
      ended = true;
      stop();
      endPacing();
      for (const t of timers) clearInterval(t);
      this.streams.delete(res);
      if (!res.writableEnded) res.end();
    };
    // A client that stops reading is closed once it is too far behind (watchQueue.ts).
    const queue = new WatchQueue(res, () => {
      this.watchersClosedBehind++;
      end();
    });
    const w: Watcher = {
      kind: r.kind,
      namespace: r.namespaced ? target.namespace : undefined,
      matches: (o) => objectMatches(o, labels, fields),
      send: (type, obj) => {
        let object = obj;
        if (table && (type === 'ADDED' || type === 'MODIFIED' || type === 'DELETED')) {
          object = toTable(
            r.kind,
            [obj as KObject],
            this.session.sim.now(),
            (obj as KObject).metadata.resourceVersion,
            includeObject(q),
            first,
          );
          first = false;
        }
        queue.write(
          object === obj && type !== 'ERROR' && type !== 'BOOKMARK'
            ? `{"type":"${type}","object":${objectJSON(obj as KObject)}}\n`
            : `${JSON.stringify({ type, object })}\n`,
        );
      },
      // After the 410 ERROR event the stream ends, as the API server ends it: the client lists again.
      expired: () => end(),
    };
    stop = this.hub.start(w, fromRV);
    queue.live = true;
    if (ended) return;
    // `kubectl get -w` and `kubectl events -w` in a scenario stop when the cluster is quiet; other
    // watchers (wait) stay.
    const isGet = /^kubectl (get|events)\b/.test(String(req.headers['kubectl-command'] ?? ''));
    endPacing = this.paceWatch(target, fields, isGet ? () => end() : () => undefined);
    if (queryBool(q, 'allowWatchBookmarks')) {
      timers.push(setInterval(() => this.hub.bookmark(w, groupVersion(r), r.kind), 1000));
    }
    const timeout = Number(q.get('timeoutSeconds') ?? 0);
    if (timeout > 0) timers.push(setTimeout(end, timeout * 1000));
    req.on('close', end);
    res.on('close', end);
  }

  /**
   * The API server's decoding of a body: what its decoder rejects before validation (malformed
   * quantities, …), then unknown fields under `fieldValidation` — Strict rejects the object, Warn
   * (the default) drops them with a `Warning` header each, Ignore drops them silently.
   */
  private decode(obj: KObject, q: URLSearchParams, res: ServerResponse): KObject {
    const kind = obj.kind as Kind;
    // Unknown fields go first, unread (they may nest as deep as the JSON scanner allows); what the
    // decoder rejects is in the known ones.
    const paths = unknownFields(kind, obj);
    const known = dropFields(obj, paths);
    const deep = tooDeep(known);
    if (deep !== undefined) {
      const version = String(obj.apiVersion ?? 'v1')
        .split('/')
        .pop();
      throw new HttpError(
        failure(
          400,
          `${kind} in version "${version}" cannot be handled as a ${kind}: ${deep}: nested deeper than ${MAX_DECODE_DEPTH} levels, more than any field of a ${kind} holds`,
        ),
      );
    }
    const bad = decodeError(known, kind);
    if (bad) throw bad;
    const v = q.get('fieldValidation');
    const directive: FieldValidation = v === 'Strict' || v === 'Ignore' ? v : 'Warn';
    if (paths.length > 0 && directive === 'Strict') throw strictDecodingError(kind, paths);
    if (paths.length > 0 && directive === 'Warn')
      res.setHeader(
        'Warning',
        paths.map((p) => `299 - ${JSON.stringify(`unknown field ${JSON.stringify(p)}`)}`),
      );
    return known;
  }

  private waitUntilGone(kind: Kind, namespace: string | undefined, name: string, uid: string): void {
    this.opts.pacer?.waitFor({ done: () => this.store.get(kind, namespace, name)?.metadata.uid !== uid });
  }

  /**
   * What a watch waits for, on the paced clock: a DaemonSet watched by name (rollout status) until
   * it has rolled out; an object being deleted (delete --wait) until it is gone; any other watch
   * until the cluster is quiet, when the stream ends (as a scenario's `get -w` does).
   */
  private paceWatch(
    target: Target,
    fields: { field: string; op: string; value: string }[],
    endStream: () => void,
  ): () => void {
    const pacer = this.opts.pacer;
    if (!pacer) return () => undefined;
    const r = target.resource;
    const byName = fields.find((f) => f.field === 'metadata.name' && f.op === '=')?.value;
    if (byName !== undefined) {
      const obj = this.store.get(r.kind, target.namespace, byName);
      if (obj?.metadata.deletionTimestamp) {
        const uid = obj.metadata.uid;
        return pacer.waitFor({
          done: () => this.store.get(r.kind, target.namespace, byName)?.metadata.uid !== uid,
        });
      }
      if (r.kind === 'Deployment' && obj) {
        return pacer.waitFor({
          done: () => {
            const d = this.store.get('Deployment', target.namespace, byName) as Deployment | undefined;
            if (!d) return true;
            try {
              return deploymentStatus(d).done;
            } catch {
              return true;
            }
          },
        });
      }
      if (r.kind === 'DaemonSet' && obj) {
        return pacer.waitFor({
          done: () => {
            const ds = this.store.get('DaemonSet', target.namespace, byName) as DaemonSet | undefined;
            if (!ds) return true;
            try {
              return daemonSetStatus(ds).done;
            } catch {
              return true;
            }
          },
        });
      }
    }
    return pacer.waitFor({ done: () => false, onQuiet: endStream });
  }

  private checkNamespace(target: Target, obj: KObject): void {
    const r = target.resource;
    if (!r.namespaced) return;
    const ns = obj.metadata?.namespace;
    if (ns && target.namespace && ns !== target.namespace) {
      throw new HttpError(
        failure(400, 'the namespace of the provided object does not match the namespace sent on the request'),
      );
    }
  }

  private checkKind(target: Target, obj: KObject): void {
    const r = target.resource;
    // Like the API server's decoder: an object without apiVersion and kind takes those of the path.
    if (!obj.kind && !obj.apiVersion) {
      obj.kind = r.kind;
      obj.apiVersion = groupVersion(r);
    }
    if (obj.kind !== r.kind || (obj.apiVersion && obj.apiVersion !== groupVersion(r))) {
      throw new HttpError(
        failure(
          400,
          `the API version in the data (${obj.apiVersion}) does not match the expected API version (${groupVersion(r)})`,
        ),
      );
    }
  }

  private create(
    req: IncomingMessage,
    res: ServerResponse,
    target: Target,
    q: URLSearchParams,
    body: unknown,
  ): void {
    const obj = asObject(body);
    this.checkKind(target, obj);
    this.checkNamespace(target, obj);
    const input = {
      ...obj,
      metadata: {
        ...obj.metadata,
        ...(target.resource.namespaced ? { namespace: target.namespace ?? 'default' } : {}),
      },
    } as KObject;
    const created = this.store.create(this.decode(input, q, res), {
      dryRun: q.get('dryRun') === 'All',
      fieldManager: fieldManager(req, q),
    });
    sendObject(res, 201, created);
  }

  private update(
    req: IncomingMessage,
    res: ServerResponse,
    target: Target,
    q: URLSearchParams,
    body: unknown,
    status: boolean,
  ): void {
    const name = target.name!;
    const { obj, current } = this.checkPut(target, body);
    const input = {
      ...obj,
      metadata: { ...obj.metadata, name, namespace: current.metadata.namespace },
    } as KObject;
    this.writeUpdate(req, res, this.decode(input, q, res), q, status);
  }

  /**
   * What a PUT body must agree with before it replaces the object (or a subresource of it): its kind,
   * namespace and name those of the URL, its resourceVersion (when it has one) the current one.
   */
  private checkPut(target: Target, body: unknown): { obj: KObject; current: KObject } {
    const r = target.resource;
    const name = target.name!;
    const obj = asObject(body);
    this.checkKind(target, obj);
    this.checkNamespace(target, obj);
    if (obj.metadata?.name && obj.metadata.name !== name) {
      throw new HttpError(
        failure(
          400,
          `the name of the object (${obj.metadata.name}) does not match the name on the URL (${name})`,
        ),
      );
    }
    const current = this.mustGet(r, target.namespace, name);
    const rv = obj.metadata?.resourceVersion;
    if (rv && rv !== current.metadata.resourceVersion) {
      throw conflict(
        r.kind,
        name,
        'the object has been modified; please apply your changes to the latest version and try again',
      );
    }
    return { obj, current };
  }

  /** The write of PUT and non-apply PATCH: the object or its status, dry run or not, answered 200. */
  private writeUpdate(
    req: IncomingMessage,
    res: ServerResponse,
    decoded: KObject,
    q: URLSearchParams,
    status: boolean,
  ): void {
    const dryRun = q.get('dryRun') === 'All';
    const out = status
      ? this.store.updateStatus(decoded, { dryRun })
      : this.store.update(decoded, { dryRun, fieldManager: fieldManager(req, q) });
    sendObject(res, 200, out);
  }

  private async patch(
    req: IncomingMessage,
    res: ServerResponse,
    target: Target,
    q: URLSearchParams,
    status: boolean,
  ): Promise<void> {
    const r = target.resource;
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim();
    if (!PATCH_TYPES.has(type)) {
      throw new HttpError(
        failure(
          415,
          `the body of the request was in an unknown format - accepted media types include: ${[...PATCH_TYPES].join(', ')}`,
          'UnsupportedMediaType',
        ),
      );
    }
    if (type === APPLY_PATCH) return this.serverSideApply(req, res, target, q, status);
    if (q.has('force'))
      throw new HttpError(
        failure(
          422,
          'PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch',
          'Invalid',
        ),
      );
    const text = await readBody(req);
    const current = this.mustGet(r, target.namespace, target.name!);
    const patched = applyPatch(type, current, text, r.kind);
    const rv = patched.metadata?.resourceVersion;
    if (rv && rv !== current.metadata.resourceVersion) {
      throw conflict(
        r.kind,
        target.name!,
        'the object has been modified; please apply your changes to the latest version and try again',
      );
    }
    const input = {
      ...patched,
      metadata: { ...patched.metadata, name: current.metadata.name, namespace: current.metadata.namespace },
    } as KObject;
    this.writeUpdate(req, res, this.decode(input, q, res), q, status);
  }

  /**
   * PATCH with application/apply-patch+yaml: server-side apply (engine api/managedFields.ts). The
   * body is the configuration (YAML or JSON); it creates the object when there is none (201), else
   * merges into it with field ownership; a change to a field another manager owns is the 409
   * Conflict listing them, unless `force=true`.
   */
  private async serverSideApply(
    req: IncomingMessage,
    res: ServerResponse,
    target: Target,
    q: URLSearchParams,
    status: boolean,
  ): Promise<void> {
    const r = target.resource;
    const manager = q.get('fieldManager') ?? '';
    if (manager === '')
      throw new HttpError(
        failure(
          422,
          'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
          'Invalid',
        ),
      );
    const force = q.get('force');
    if (force !== null && force !== 'true' && force !== 'false')
      throw new HttpError(
        failure(400, `strconv.ParseBool: parsing ${JSON.stringify(force)}: invalid syntax`),
      );
    if (status)
      // not modelled: an apply of the status subresource
      throw methodNotAllowed();
    const body = decodeObjectBody(await readBytes(req), 'application/yaml', r.kind);
    const obj = asObject(body);
    this.checkKind(target, obj);
    this.checkNamespace(target, obj);
    if (obj.metadata?.name && obj.metadata.name !== target.name) {
      throw new HttpError(
        failure(
          400,
          `the name of the object (${obj.metadata.name}) does not match the name on the URL (${target.name})`,
        ),
      );
    }
    const input = {
      ...obj,
      metadata: {
        ...obj.metadata,
        name: target.name!,
        ...(r.namespaced ? { namespace: target.namespace ?? 'default' } : {}),
      },
    } as KObject;
    const decoded = this.decode(input, q, res);
    const { obj: out, created } = this.store.apply(decoded, {
      fieldManager: manager,
      force: force === 'true',
      dryRun: q.get('dryRun') === 'All',
    });
    sendObject(res, created ? 201 : 200, out);
  }

  /**
   * GET, PUT and PATCH of pods/ephemeralcontainers (kubectl debug's strategic merge patch): the
   * whole Pod in and out, of which only `spec.ephemeralContainers` is written
   * (store.updateEphemeralContainers validates it as the API server does).
   */
  private async ephemeralContainers(
    req: IncomingMessage,
    res: ServerResponse,
    target: Target,
    q: URLSearchParams,
    method: string,
  ): Promise<void> {
    const r = target.resource;
    const name = target.name!;
    if (method === 'GET') return sendObject(res, 200, this.mustGet(r, target.namespace, name));
    let input: KObject;
    if (method === 'PUT') {
      input = this.checkPut(target, await readJSON(req, r.kind)).obj;
    } else if (method === 'PATCH') {
      const type = (req.headers['content-type'] ?? '').split(';')[0].trim();
      if (!PATCH_TYPES.has(type)) {
        throw new HttpError(
          failure(
            415,
            `the body of the request was in an unknown format - accepted media types include: ${[...PATCH_TYPES].join(', ')}`,
            'UnsupportedMediaType',
          ),
        );
      }
      // not modelled: a server-side apply of the subresource (as of the status subresource)
      if (type === APPLY_PATCH) throw methodNotAllowed();
      const text = await readBody(req);
      const current = this.mustGet(r, target.namespace, name);
      input = applyPatch(type, current, text, r.kind);
      const rv = input.metadata?.resourceVersion;
      if (rv && rv !== current.metadata.resourceVersion)
        throw conflict(
          r.kind,
          name,
          'the object has been modified; please apply your changes to the latest version and try again',
        );
    } else throw methodNotAllowed();
    const current = this.mustGet(r, target.namespace, name);
    const pod = {
      ...input,
      metadata: { ...input.metadata, name, namespace: current.metadata.namespace },
    } as Pod;
    const out = this.store.updateEphemeralContainers(this.decode(pod, q, res) as Pod, {
      dryRun: q.get('dryRun') === 'All',
      fieldManager: fieldManager(req, q),
    });
    sendObject(res, 200, out);
  }

  /** GET, PUT and PATCH of the scale subresource (autoscaling/v1 Scale). */
  private async scale(
    req: IncomingMessage,
    res: ServerResponse,
    target: Target,
    q: URLSearchParams,
    method: string,
  ): Promise<void> {
    const r = target.resource;
    const current = this.mustGet(r, target.namespace, target.name!);
    if (method === 'GET') return send(res, 200, scaleOf(current));
    let scale: { metadata?: { resourceVersion?: string }; spec?: { replicas?: number } };
    if (method === 'PUT') {
      scale = asObject(await readJSON(req, 'Scale')) as unknown as typeof scale;
    } else if (method === 'PATCH') {
      const type = (req.headers['content-type'] ?? '').split(';')[0].trim();
      if (!PATCH_TYPES.has(type)) {
        throw new HttpError(
          failure(
            415,
            `the body of the request was in an unknown format - accepted media types include: ${[...PATCH_TYPES].join(', ')}`,
            'UnsupportedMediaType',
          ),
        );
      }
      scale = applyPatch(
        type,
        scaleOf(current) as unknown as KObject,
        await readBody(req),
        r.kind,
      ) as unknown as typeof scale;
    } else {
      throw methodNotAllowed();
    }
    const rv = scale.metadata?.resourceVersion;
    if (rv && rv !== current.metadata.resourceVersion) {
      throw conflict(
        r.kind,
        target.name!,
        'the object has been modified; please apply your changes to the latest version and try again',
      );
    }
    const out = this.store.update(applyScale(current, scale), {
      dryRun: q.get('dryRun') === 'All',
      fieldManager: fieldManager(req, q),
      subresource: 'scale',
    });
    send(res, 200, scaleOf(out));
  }

  private async delete(
    req: IncomingMessage,
    res: ServerResponse,
    target: Target,
    q: URLSearchParams,
  ): Promise<void> {
    const r = target.resource;
    const name = target.name!;
    const opts = decodeDeleteOptions(await readBytes(req), req.headers['content-type']) as {
      propagationPolicy?: string;
      gracePeriodSeconds?: number;
      dryRun?: string[];
    };
    const policy = opts.propagationPolicy ?? q.get('propagationPolicy') ?? undefined;
    if (policy !== undefined && policy !== 'Background' && policy !== 'Orphan' && policy !== 'Foreground') {
      throw new HttpError(
        failure(
          422,
          `DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: "${policy}": supported values: "Foreground", "Background", "Orphan", "nil"`,
          'Invalid',
        ),
      );
    }
    const graceQ = q.get('gracePeriodSeconds');
    const grace = opts.gracePeriodSeconds ?? (graceQ !== null ? Number(graceQ) : undefined);
    const dryRun = (opts.dryRun ?? []).includes('All') || q.get('dryRun') === 'All';
    const before = this.mustGet(r, target.namespace, name);
    const out = this.store.delete(r.kind, target.namespace, name, {
      propagationPolicy: policy as 'Background' | 'Orphan' | 'Foreground' | undefined,
      gracePeriodSeconds: grace,
      dryRun,
    });
    const still = this.store.get(r.kind, target.namespace, name);
    if (still && !dryRun) return sendObject(res, 200, out);
    send(res, 200, {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Success',
      details: { name, ...(r.group ? { group: r.group } : {}), kind: r.plural, uid: before.metadata.uid },
    });
  }

  private deleteCollection(res: ServerResponse, target: Target, q: URLSearchParams): void {
    const r = target.resource;
    const items = this.selected(target, q);
    const dryRun = q.get('dryRun') === 'All';
    for (const o of items) {
      if (this.store.get(r.kind, o.metadata.namespace, o.metadata.name))
        this.store.delete(r.kind, o.metadata.namespace, o.metadata.name, { dryRun });
    }
    const head = JSON.stringify({
      kind: `${r.kind}List`,
      apiVersion: groupVersion(r),
      metadata: { resourceVersion: this.store.resourceVersion() },
    }).slice(0, -1);
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(`${head},"items":[${items.map(itemJSON).join(',')}]}\n`);
  }

  /**
   * `pods/NAME/eviction` (policy/v1 Eviction): the engine's eviction API, with its 429 when the
   * pod's disruption budget allows no more. On the paced clock a refused `kubectl drain` sleeps 5 s
   * before it asks again, so simulated time moves those 5 s, as the emulator's drain moves it.
   */
  private evict(req: IncomingMessage, res: ServerResponse, target: Target, body: unknown): void {
    const ev = (body ?? {}) as {
      metadata?: { name?: string };
      deleteOptions?: { gracePeriodSeconds?: number; dryRun?: string[] };
    };
    if (ev.metadata?.name !== undefined && ev.metadata.name !== target.name)
      throw new StatusError(400, 'BadRequest', 'name in URL does not match name in Eviction object');
    const sim = this.session.sim;
    try {
      evictPod(
        this.store,
        target.namespace!,
        target.name!,
        {
          gracePeriodSeconds: ev.deleteOptions?.gracePeriodSeconds,
          dryRun: (ev.deleteOptions?.dryRun ?? []).includes('All'),
        },
        sim.now(),
      );
    } catch (e) {
      if (
        e instanceof StatusError &&
        e.reason === 'TooManyRequests' &&
        this.opts.pacer &&
        /^kubectl drain\b/.test(String(req.headers['kubectl-command'] ?? ''))
      )
        sim.advance(EVICTION_RETRY_MS);
      throw e;
    }
    send(res, 201, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
  }

  /**
   * `pods/NAME/log`: what the simulated container wrote (src/engine/kubelet/containerLogs.ts), with
   * `container`, `previous`, `timestamps`, `tailLines`, `sinceSeconds`, `sinceTime` and `follow`;
   * the kubelet's BadRequest when it has none yet. `follow=true` keeps the response open and writes
   * each new line until the container exits or the pod goes, as `kubectl logs -f` reads it; on the
   * paced clock the simulation steps meanwhile, exactly as the emulator's `logs -f` steps it.
   */
  private podLog(req: IncomingMessage, res: ServerResponse, pod: Pod, q: URLSearchParams): void {
    // A pod not yet on a node has no kubelet to ask: an empty log (the registry's LogLocation returns none).
    if (!pod.spec.nodeName) {
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('');
      return;
    }
    const container = q.get('container') ?? pod.spec.containers[0]?.name ?? '';
    const previous = q.get('previous') === 'true';
    const unavailable = containerLogUnavailable(pod, container, previous);
    if (unavailable) throw new StatusError(400, 'BadRequest', unavailable);
    const sinceSeconds = q.get('sinceSeconds');
    const sinceTime = q.get('sinceTime');
    const read = (p: Pod) => {
      let lines = containerLogLines(p, container, { previous, kubelet: this.session.sim.kubelet });
      if (sinceSeconds !== null)
        lines = lines.filter(
          (l) => Date.parse(l.time) >= this.session.sim.now() - Number(sinceSeconds) * 1000,
        );
      if (sinceTime !== null) lines = lines.filter((l) => Date.parse(l.time) >= Date.parse(sinceTime));
      return lines;
    };
    let lines = read(pod);
    const tail = Number(q.get('tailLines') ?? -1);
    if (tail >= 0) lines = lines.slice(Math.max(0, lines.length - tail));
    const stamp = q.get('timestamps') === 'true';
    const text = (l: LogLine) => `${stamp ? `${l.time} ` : ''}${l.text}\n`;
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    if (q.get('follow') !== 'true' || previous) {
      res.end(lines.map(text).join(''));
      return;
    }
    res.write(lines.map(text).join(''));
    this.followLog(req, res, pod, container, read, text);
  }

  private followLog(
    req: IncomingMessage,
    res: ServerResponse,
    pod: Pod,
    container: string,
    read: (p: Pod) => LogLine[],
    text: (l: LogLine) => string,
  ): void {
    const { namespace, name } = pod.metadata;
    const store = this.store;
    const over = logFollower(
      () => store.get('Pod', namespace, name),
      pod,
      container,
      read,
      (_, l) => res.write(text(l)),
    );
    this.streams.add(res);
    let ended = false;
    let stop = (): void => undefined;
    const end = () => {
      if (ended) return;
      ended = true;
      stop();
      this.streams.delete(res);
      res.end();
    };
    req.on('close', end);
    const pacer = this.opts.pacer;
    if (pacer) {
      // The emulator follows until the container is over, the cluster is quiet, or its time limit.
      const limit = this.session.sim.now() + FOLLOW_LIMIT_MS;
      stop = pacer.waitFor({
        done: () => {
          const next = this.session.sim.nextAt();
          if (ended || over() || next === undefined || next > limit) {
            queueMicrotask(end);
            return true;
          }
          return false;
        },
        onQuiet: end,
        gatherMs: FOLLOW_GATHER_MS,
      });
    } else {
      // The clock runs on its own: look again after every change (the log is derived from the pod).
      stop = store.subscribe(() => {
        if (over()) queueMicrotask(end);
      });
    }
  }

  /**
   * `POST /playground/v1/sim`: runs the `sim …` lines of a scenario script; answers with their
   * output. Requests run one at a time, each in slices that let other clients through (simRunner.ts).
   */
  private async sim(text: string, res: ServerResponse): Promise<void> {
    const a = await this.simRunner.run(text);
    if (a.status !== 200) {
      res.writeHead(a.status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(a.text);
      return;
    }
    this.followSession();
    res
      .writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Exit-Code': String(a.exitCode) })
      .end(a.text);
  }
}

/** `/api/v1/...` or `/apis/GROUP/VERSION/...` as a resource target. */
export function parseTarget(path: string): Target | undefined {
  let group = '';
  let version: string;
  let rest: string[];
  let parts: string[];
  try {
    parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    // escapes of bytes that are not UTF-8 (`%ff`): Go unescapes them, and no resource has such a name
    return undefined;
  }
  if (parts[0] === 'api' && parts.length >= 3) {
    version = parts[1];
    rest = parts.slice(2);
  } else if (parts[0] === 'apis' && parts.length >= 4) {
    group = parts[1];
    version = parts[2];
    rest = parts.slice(3);
  } else return undefined;
  let namespace: string | undefined;
  if (rest[0] === 'namespaces' && rest.length >= 3 && servedResource(group, version, rest[2])?.namespaced) {
    namespace = rest[1];
    rest = rest.slice(2);
  }
  const resource = servedResource(group, version, rest[0]);
  if (!resource || rest.length > 3) return undefined;
  if (resource.namespaced && namespace === undefined && rest.length > 1) return undefined;
  return { resource, namespace, name: rest[1], subresource: rest[2] };
}

/** A path segment unescaped; escapes of bytes that are not UTF-8 stay as they are (no object has such a name). */
function unescapePath(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A `%` in the path not followed by two hex digits: url.ParseRequestURI's `invalid URL escape`. */
function badPathEscape(url: string): boolean {
  const q = url.indexOf('?');
  return /%(?![0-9a-fA-F]{2})/.test(q >= 0 ? url.slice(0, q) : url);
}

/**
 * The manager of a write (managerOrUserAgent): the request's fieldManager, else the client's name
 * from its User-Agent (`kubectl/v1.33.1 (linux/amd64) …` → `kubectl`).
 */
function fieldManager(req: IncomingMessage, q: URLSearchParams): string {
  const m = q.get('fieldManager');
  if (m) return m;
  const ua = String(req.headers['user-agent'] ?? '');
  return (ua.split('/')[0] || 'unknown').slice(0, 128);
}

function methodNotAllowed(): HttpError {
  return new HttpError(
    failure(405, 'the server does not allow this method on the requested resource', 'MethodNotAllowed'),
  );
}

function includeObject(q: URLSearchParams): IncludeObject {
  const v = q.get('includeObject');
  return v === 'None' || v === 'Object' ? v : 'Metadata';
}

function asObject(body: unknown): KObject {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(failure(400, "Object 'Kind' is missing in request body"));
  const o = body as KObject;
  if (o.kind !== undefined && typeof o.kind !== 'string')
    throw new HttpError(failure(400, "Object 'Kind' is missing in request body"));
  if (!o.metadata || typeof o.metadata !== 'object') (o as { metadata: unknown }).metadata = {};
  return o;
}

function encodeContinue(key: string): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', start: key })).toString('base64url');
}

function decodeContinue(token: string): string {
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { start?: unknown };
    if (typeof v.start === 'string') return v.start;
  } catch {
    // fall through
  }
  throw new HttpError(failure(400, 'continue key is not valid: invalid continue token'));
}

async function readBody(req: IncomingMessage): Promise<string> {
  return (await readBytes(req)).toString('utf8');
}

async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY)
      throw new HttpError(
        failure(413, 'Request entity too large: limit is 3145728', 'RequestEntityTooLarge'),
      );
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A create, update or eviction body (JSON or YAML) as the API server decodes it (requestBody.ts). */
async function readJSON(req: IncomingMessage, kind: string): Promise<unknown> {
  return decodeObjectBody(await readBytes(req), req.headers['content-type'], kind);
}

const jsonCache = new WeakMap<KObject, string>();

/** JSON of a stored (frozen, never changing) object as the server encodes it (api/encode), cached. */
function objectJSON(o: KObject): string {
  let j = jsonCache.get(o);
  if (j === undefined) {
    j = serverJSON(o);
    if (Object.isFrozen(o)) jsonCache.set(o, j);
  }
  return j;
}

/** A list item: the object's JSON without kind and apiVersion (the first two keys). */
function itemJSON(o: KObject): string {
  const j = objectJSON(o);
  const head = `{"kind":${JSON.stringify(o.kind)},"apiVersion":${JSON.stringify(o.apiVersion)},`;
  return j.startsWith(head) ? `{${j.slice(head.length)}` : serverJSON(o, true);
}

function sendObject(res: ServerResponse, code: number, o: KObject): void {
  res.writeHead(code, { 'Content-Type': 'application/json' }).end(`${objectJSON(o)}\n`);
}

// The server's JSON encoder (json.Encoder.Encode, and the streaming list encoder) ends each body with a newline.
function send(res: ServerResponse, code: number, body: unknown): void {
  res.writeHead(code, { 'Content-Type': 'application/json' }).end(`${JSON.stringify(body)}\n`);
}

function sendTable(res: ServerResponse, body: unknown): void {
  res
    .writeHead(200, { 'Content-Type': 'application/json;as=Table;v=v1;g=meta.k8s.io' })
    .end(`${JSON.stringify(body)}\n`);
}

export type { Kind };
