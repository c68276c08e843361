// `kubectl get --raw PATH`: the body the simulated API server sends for the paths it serves —
// `/healthz`, `/livez`, `/readyz` (`ok`), `/version`, the discovery documents `/api`, `/api/v1`,
// `/apis`, `/apis/apps`, `/apis/apps/v1` (api/discovery: the documents the server sends), and the
// objects and lists of the served resources (`/api/v1/namespaces/NS/pods[/NAME]`, `/api/v1/nodes`, `/apis/apps/v1/daemonsets`, …) — as the
// server's JSON encoder writes them: compact, field order of the Go types for metadata, list items
// without kind/apiVersion, a final newline (discovery and objects) or none (`/version`, `ok`).

import { discoveryResponse } from '../../api/discovery';
import { serverJSON } from '../../api/encode';
import { API_VERSION, NAMESPACED, RESOURCE, type Kind } from '../../api/types';
import { RESOURCES } from '../resources';
import { CommandError, type CommandContext } from '../types';

const NOT_FOUND = 'Error from server (NotFound): the server could not find the requested resource';

function kindFor(group: string, plural: string): Kind | undefined {
  return RESOURCES.find((r) => r.group === group && r.plural === plural)?.kind;
}

/** The body for PATH, or undefined when the server has no such path. */
export function rawGet(ctx: CommandContext, rawPath: string): string | undefined {
  const path = rawPath.split('?')[0].replace(/\/+$/, '') || '/';
  const discovery = discoveryResponse(ctx.sim.store, path);
  if (discovery) return discovery.body;

  // /api/v1/[namespaces/NS/]PLURAL[/NAME]  and  /apis/GROUP/v1/[namespaces/NS/]PLURAL[/NAME]
  const m = /^\/(?:api\/v1|apis\/([^/]+)\/v1)\/(.+)$/.exec(path);
  if (!m) return undefined;
  const group = m[1] ?? '';
  let parts = m[2].split('/');
  let namespace: string | undefined;
  if (parts[0] === 'namespaces' && parts.length >= 3) {
    namespace = parts[1];
    parts = parts.slice(2);
  }
  if (parts.length > 2) return undefined;
  const kind = kindFor(group, parts[0]);
  if (!kind) return undefined;
  if (namespace !== undefined && !NAMESPACED[kind]) return undefined;
  const store = ctx.sim.store;
  if (parts.length === 2) {
    if (NAMESPACED[kind] && namespace === undefined) return undefined;
    const obj = store.get(kind, namespace, parts[1]);
    if (!obj) {
      const r = RESOURCE[kind];
      throw new CommandError(
        `Error from server (NotFound): ${r.group ? `${r.plural}.${r.group}` : r.plural} "${parts[1]}" not found`,
        1,
        true,
      );
    }
    return `${serverJSON(obj)}\n`;
  }
  const items = store.list(kind, NAMESPACED[kind] ? namespace : undefined);
  const head = JSON.stringify({
    kind: `${kind}List`,
    apiVersion: API_VERSION[kind],
    metadata: { resourceVersion: store.resourceVersion() },
  }).slice(0, -1);
  return `${head},"items":[${items.map((o) => serverJSON(o, true)).join(',')}]}\n`;
}

export function runGetRaw(ctx: CommandContext, path: string): void {
  if (ctx.args.positional.length > 0)
    throw new CommandError('arguments may not be passed when --raw is specified');
  if (!path.startsWith('/')) throw new CommandError(`--raw must be a valid URL path: ${path}`);
  const text = rawGet(ctx, path);
  if (text === undefined) throw new CommandError(NOT_FOUND, 1, true);
  ctx.out.out(text);
}
