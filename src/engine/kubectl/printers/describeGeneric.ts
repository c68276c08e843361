// The generic describer kubectl falls back to for kinds without their own (ControllerRevision):
// Name, Namespace, Labels, Annotations, then every other field of the object, keys sorted and
// turned into words by smartLabelFor, then the Events.

import type { KObject } from '../../api/types';
import type { Simulation } from '../../simulation';
import { tabbedString, writeEvents } from './describe';
import { eventsFor } from './events';
import { PrefixWriter, printAnnotationsMultiline, printLabelsMultiline } from './prefixWriter';

/** github.com/fatih/camelcase.Split */
export function camelcaseSplit(src: string): string[] {
  const runs: string[][] = [];
  let lastClass = 0;
  for (const r of src) {
    const cls = /\p{Ll}/u.test(r) ? 1 : /\p{Lu}/u.test(r) ? 2 : /\p{Nd}/u.test(r) ? 3 : 4;
    if (cls === lastClass) runs[runs.length - 1].push(r);
    else runs.push([r]);
    lastClass = cls;
  }
  for (let i = 0; i < runs.length - 1; i++) {
    if (/\p{Lu}/u.test(runs[i][0]) && /\p{Ll}/u.test(runs[i + 1][0])) {
      runs[i + 1].unshift(runs[i].pop()!);
    }
  }
  return runs.filter((r) => r.length > 0).map((r) => r.join(''));
}

const ACRONYMS = ['API', 'URL', 'UID', 'OSB', 'GUID'];

/** smartLabelFor: `apiVersion` → `API Version`, `ownerReferences` → `Owner References`. */
export function smartLabelFor(field: string): string {
  if ([...field].some((r) => !/\p{L}/u.test(r) && r !== '-')) return field;
  return camelcaseSplit(field)
    .filter((p) => p !== '_')
    .map((p) =>
      ACRONYMS.includes(p.toUpperCase()) ? p.toUpperCase() : p.charAt(0).toUpperCase() + p.slice(1),
    )
    .join(' ');
}

/** Go's %v for unstructured JSON values. */
function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function printUnstructuredContent(
  w: PrefixWriter,
  level: number,
  content: Record<string, unknown>,
  skipPrefix: string,
  skip: string[],
): void {
  const fields = Object.keys(content).sort();
  for (const field of fields) {
    const value = content[field];
    if (value === undefined) continue;
    const expr = `${skipPrefix}.${field}`;
    if (skip.includes(expr)) continue;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      printUnstructuredContent(w, level + 1, value as Record<string, unknown>, expr, skip);
    } else if (Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      for (const child of value) {
        if (child !== null && typeof child === 'object' && !Array.isArray(child)) {
          printUnstructuredContent(w, level + 1, child as Record<string, unknown>, expr, skip);
        } else {
          w.write(level + 1, `${goValue(child)}\n`);
        }
      }
    } else {
      w.write(level, `${smartLabelFor(field)}:\t${goValue(value)}\n`);
    }
  }
}

export function describeGeneric(sim: Simulation, obj: KObject): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${obj.metadata.name}\n`);
  w.write(0, `Namespace:\t${obj.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', obj.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', obj.metadata.annotations);
  printUnstructuredContent(w, 0, JSON.parse(JSON.stringify(obj)) as Record<string, unknown>, '', [
    '.metadata.managedFields',
    '.metadata.name',
    '.metadata.namespace',
    '.metadata.labels',
    '.metadata.annotations',
  ]);
  writeEvents(eventsFor(sim.store, obj), w, sim.now());
  return tabbedString(w.toString());
}
