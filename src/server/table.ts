// Server-side printing (`Accept: application/json;as=Table;v=v1;g=meta.k8s.io`): the same columns
// the kubectl emulator prints, as a meta.k8s.io/v1 Table (pkg/printers/internalversion/printers.go).

import { type Kind, type KObject, COLUMNS, headersFor } from '../engine';

export type IncludeObject = 'None' | 'Metadata' | 'Object';

export interface TableColumn {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

function columnDefinitions(kind: Kind): TableColumn[] {
  const set = COLUMNS[kind];
  return headersFor(set, true).map((name) => ({
    name,
    type: name === 'Name' ? 'string' : 'string',
    format: name === 'Name' ? 'name' : '',
    description: '',
    // wide-only columns: kubectl shows them with `-o wide`
    priority: set.headers.includes(name) ? 0 : 1,
  }));
}

function rowObject(obj: KObject, include: IncludeObject): unknown {
  if (include === 'None') return undefined;
  if (include === 'Object') return obj;
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata };
}

export function toTable(
  kind: Kind,
  objs: KObject[],
  now: number,
  resourceVersion: string,
  include: IncludeObject,
  withColumns = true,
): unknown {
  const set = COLUMNS[kind];
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion },
    columnDefinitions: withColumns ? columnDefinitions(kind) : null,
    rows: objs.map((o) => {
      const object = rowObject(o, include);
      return { cells: set.row(o, { wide: true, now }), ...(object ? { object } : {}) };
    }),
  };
}

/** What the client asked for in Accept: a Table (meta.k8s.io v1 or v1beta1) or plain JSON. */
export function wantsTable(accept: string | undefined): boolean {
  if (!accept) return false;
  for (const part of accept.split(',')) {
    const params = part.split(';').map((s) => s.trim());
    if (params.includes('as=Table') && params.includes('g=meta.k8s.io')) return true;
    if (params[0] === 'application/json' && params.length === 1) return false;
  }
  return false;
}
