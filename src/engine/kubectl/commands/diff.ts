// `kubectl diff -f FILE` (pkg/cmd/diff/diff.go): for each object, the live version and the one
// `kubectl apply` would produce (the client-side apply patch, or a create, sent as a server-side dry
// run), written as YAML into a LIVE and a MERGED directory and compared with `diff -u -N` — so the
// output is GNU diff's: a `diff -u -N …` line per differing object, then its hunks. Exit status 0
// when nothing differs, 1 when something does, 2 on an error.

import { StatusError } from '../../api/errors';
import { clone, deepEqual } from '../../api/objects';
import { API_VERSION, type Kind, type KObject } from '../../api/types';
import { flagArray, flagBool, flagString } from '../argv';
import { decodeError, loadManifests } from '../manifests';
import { toYAML } from '../printers/yaml';
import { CommandError, type CommandDef } from '../types';
import { LAST_APPLIED_ANNOTATION, merge } from './applyMerge';
import { addSourceToErr, FILENAME_FLAG, formatAggregate, formatSingleError } from './common';
import { serverDecode } from './fieldValidationFlag';
import { unifiedHunks } from './unifiedDiff';

/** InfoObject.Name(): `apps.v1.DaemonSet.kube-system.fluentd`, `v1.Node..node-1`. */
function fileName(obj: KObject): string {
  const gv = API_VERSION[obj.kind as Kind];
  const slash = gv.indexOf('/');
  const group = slash >= 0 ? `${gv.slice(0, slash)}.` : '';
  return `${group}${gv.slice(slash + 1)}.${obj.kind}.${obj.metadata.namespace ?? ''}.${obj.metadata.name}`;
}

/** os.MkdirTemp's random suffix, made deterministic: a hash of what is being compared. */
function tempSuffix(seed: string): string {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619) >>> 0;
  return String(h);
}

/** GNU diff's file time: `2026-01-01 00:00:05.000000000 +0000`. */
function diffTime(iso: string): string {
  const m = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/.exec(iso);
  return m ? `${m[1]} ${m[2]}.${(m[3] ?? '').padEnd(9, '0')} +0000` : iso;
}

/** The Masker: managedFields are never shown. */
function masked(obj: KObject): string {
  const c = clone(obj) as KObject;
  delete (c.metadata as { managedFields?: unknown }).managedFields;
  return toYAML(c);
}

export const diffCommand: CommandDef = {
  name: 'diff',
  short: 'Diff the live version against a would-be applied version',
  usage: 'kubectl diff -f FILENAME [options]',
  flags: [
    FILENAME_FLAG,
    {
      name: 'field-manager',
      type: 'string',
      default: 'kubectl-client-side-apply',
      usage: 'Name of the manager used to track field ownership.',
    },
    { name: 'server-side', type: 'bool', usage: 'If true, apply runs in the server instead of the client.' },
    {
      name: 'force-conflicts',
      type: 'bool',
      usage: 'If true, server-side apply will force the changes against conflicts.',
    },
  ],
  run(ctx) {
    const files = flagArray(ctx.args, 'filename');
    if (files.length === 0) throw new CommandError('must specify one of -f and -k', 2);
    const serverSide = flagBool(ctx.args, 'server-side');
    const entries = loadManifests(ctx, files);
    const store = ctx.sim.store;
    const errs: unknown[] = [];
    const pairs: { name: string; live?: string; merged: string }[] = [];
    for (const e of entries) {
      if (e.error || !e.obj || !e.kind) {
        errs.push(e.error);
        continue;
      }
      const kind = e.kind;
      const obj = clone(e.obj);
      const live = store.get(kind, obj.metadata.namespace, obj.metadata.name);
      try {
        const bad = decodeError(obj, kind);
        if (bad) throw bad;
        let merged: KObject;
        if (serverSide) {
          // the apply patch sent as a server-side dry run: the server's merge with field ownership
          const fm = flagString(ctx.args, 'field-manager');
          merged = store.apply(serverDecode(ctx, kind, obj, 'Warn'), {
            fieldManager: fm === undefined || fm === 'kubectl-client-side-apply' ? 'kubectl' : fm,
            force: flagBool(ctx.args, 'force-conflicts'),
            dryRun: true,
          }).obj;
        } else if (!live) {
          merged = store.create(serverDecode(ctx, kind, obj, 'Warn'), { dryRun: true });
        } else {
          // The client-side apply patch, as diff's Merged() makes it: the manifest without the
          // last-applied annotation (GetModifiedConfiguration with annotate=false, so the live
          // annotation stays as it is), against the last-applied configuration as the original;
          // server-side apply (approximated: no field ownership here) merges the manifest's fields.
          let original: unknown;
          if (!serverSide) {
            const annotations = { ...obj.metadata.annotations };
            delete annotations[LAST_APPLIED_ANNOTATION];
            obj.metadata.annotations = annotations;
            try {
              original =
                JSON.parse(live.metadata.annotations?.[LAST_APPLIED_ANNOTATION] ?? 'null') ?? undefined;
            } catch {
              original = undefined;
            }
          }
          const next = merge(original as never, obj as never, live as never) as unknown as KObject;
          merged = deepEqual(next, live)
            ? live
            : store.update(serverDecode(ctx, kind, next, 'Warn'), { dryRun: true });
        }
        pairs.push({ name: fileName(merged), live: live ? masked(live) : undefined, merged: masked(merged) });
      } catch (err) {
        if (!(err instanceof StatusError)) throw err;
        // an apply's errors come back as the server words them (diff.go Merged: no source added)
        errs.push(serverSide ? err : addSourceToErr(err, live ? 'patching' : 'creating', e.source));
      }
    }
    if (errs.length) {
      throw new CommandError(errs.length === 1 ? formatSingleError(errs[0]) : formatAggregate(errs), 2, true);
    }
    const seed = pairs.map((p) => p.name).join('\n') + ctx.sim.iso();
    const liveDir = `/tmp/LIVE-${tempSuffix(`live\n${seed}`)}`;
    const mergedDir = `/tmp/MERGED-${tempSuffix(`merged\n${seed}`)}`;
    const time = diffTime(ctx.sim.iso());
    let differs = false;
    for (const p of [...pairs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const hunks = unifiedHunks(p.live ?? '', p.merged);
      if (!hunks) continue;
      differs = true;
      ctx.out.out(`diff -u -N ${liveDir}/${p.name} ${mergedDir}/${p.name}\n`);
      // the LIVE file of an object not yet there is written too, empty: it has a time as well
      ctx.out.out(`--- ${liveDir}/${p.name}\t${time}\n`);
      ctx.out.out(`+++ ${mergedDir}/${p.name}\t${time}\n`);
      ctx.out.out(hunks);
    }
    if (differs) throw new CommandError('', 1);
  },
};
