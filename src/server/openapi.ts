// `/openapi/v3`: the discovery root and one document per group version, with the operations
// kubectl reads — each PATCH tagged with its group-version-kind and its `fieldValidation` query
// parameter, which is how kubectl ≥ 1.27 finds out that the server validates fields itself
// (k8s.io/cli-runtime/pkg/resource/query_param_verifier_v3.go).

import { KUBELET_VERSION } from '../engine';
import { groupVersion, SERVED, servedGroupVersions, type ServedResource } from './resources';
import { componentSchemas } from './openapiSchemas';

/** `api/v1`, `apis/apps/v1`: the keys of the v3 root. */
function gvKey(gv: { group: string; version: string }): string {
  return gv.group ? `apis/${gv.group}/${gv.version}` : `api/${gv.version}`;
}

export function openAPIV3Root(): unknown {
  const paths: Record<string, { serverRelativeURL: string }> = {};
  for (const gv of servedGroupVersions()) {
    const key = gvKey(gv);
    paths[key] = { serverRelativeURL: `/openapi/v3/${key}?hash=${KUBELET_VERSION}` };
  }
  return { paths };
}

const QUERY_PARAMS = ['dryRun', 'fieldManager', 'fieldValidation', 'pretty'].map((name) => ({
  name,
  in: 'query',
  schema: { type: 'string', uniqueItems: true },
}));

function operation(r: ServedResource, action: string, extra: Record<string, unknown> = {}): unknown {
  return {
    operationId: `${action}${r.kind}`,
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': { group: r.group, kind: r.kind, version: r.version },
    parameters: QUERY_PARAMS,
    responses: { '200': { description: 'OK' } },
    ...extra,
  };
}

/** The document of one group version (`api/v1`, `apis/apps/v1`); undefined when not served. */
export function openAPIV3Document(key: string): unknown | undefined {
  const gv = servedGroupVersions().find((g) => gvKey(g) === key);
  if (!gv) return undefined;
  const paths: Record<string, unknown> = {};
  for (const r of SERVED.filter((x) => x.group === gv.group && x.version === gv.version)) {
    const prefix = `/${gvKey(r)}${r.namespaced ? '/namespaces/{namespace}' : ''}/${r.plural}`;
    paths[prefix] = {
      get: operation(r, 'list'),
      post: operation(r, 'post'),
      delete: operation(r, 'deletecollection'),
    };
    paths[`${prefix}/{name}`] = {
      get: operation(r, 'get'),
      put: operation(r, 'put'),
      delete: operation(r, 'delete'),
      patch: operation(r, 'patch', {
        requestBody: { content: { 'application/json-patch+json': {}, 'application/merge-patch+json': {} } },
      }),
    };
  }
  return {
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: KUBELET_VERSION },
    paths,
    components: { schemas: componentSchemas() },
    'x-group-version': groupVersion(gv),
  };
}

/**
 * `/openapi/v2`: a Swagger document without definitions. kubectl falls back to it to validate
 * kinds the v3 documents do not know (and then skips them, so the server's own error follows).
 */
export function openAPIV2(): unknown {
  return {
    swagger: '2.0',
    info: { title: 'Kubernetes', version: KUBELET_VERSION },
    paths: {},
    definitions: {},
  };
}

/** The same document as gnostic's openapi_v2.Document protobuf, which kubectl asks for. */
export function openAPIV2Protobuf(): Buffer {
  const str = (field: number, v: string) => {
    const b = Buffer.from(v, 'utf8');
    return Buffer.concat([Buffer.from([(field << 3) | 2, b.length]), b]);
  };
  const msg = (field: number, body: Buffer) =>
    Buffer.concat([Buffer.from([(field << 3) | 2, body.length]), body]);
  // Document: swagger = 1, info = 2 (Info: title = 1, version = 2), paths = 8
  return Buffer.concat([
    str(1, '2.0'),
    msg(2, Buffer.concat([str(1, 'Kubernetes'), str(2, KUBELET_VERSION)])),
    msg(8, Buffer.alloc(0)),
  ]);
}

export const OPENAPI_V2_PROTOBUF = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';
