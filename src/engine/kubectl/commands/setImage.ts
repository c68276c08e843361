// `kubectl set image (TYPE NAME | TYPE/NAME) CONTAINER=IMAGE ...` (pkg/cmd/set/set_image.go): patches
// the pod template (or a pod's spec); `*` means every container, init containers included; nothing is
// printed when nothing changes.

import { StatusError } from '../../api/errors';
import { clone, deepEqual } from '../../api/objects';
import type { Container, DaemonSet, Deployment, Kind, KObject, Pod, PodSpec } from '../../api/types';
import { changeCause, RECORD_FLAG, shouldRecord, withChangeCause } from '../changeCause';
import { flagBool, flagString } from '../argv';
import { builderTargets } from './builderTargets';
import { CommandError, type CommandDef } from '../types';
import { ClientError, DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, finish, resourcesAndPairs } from './common';
import { printWritten } from './printObject';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';

/** The kinds podSpecOf finds a pod spec in (what `set image|env|resources` can change). */
export const POD_TEMPLATE_KINDS: readonly Kind[] = ['Pod', 'DaemonSet', 'Deployment', 'ReplicaSet'];

/** The pod spec inside an object (polymorphichelpers.updatePodSpecForObject), or null. */
export function podSpecOf(kind: Kind, obj: KObject): PodSpec | null {
  if (kind === 'DaemonSet') return (obj as DaemonSet).spec.template.spec;
  if (kind === 'Deployment' || kind === 'ReplicaSet') return (obj as Deployment).spec.template.spec;
  if (kind === 'Pod') return (obj as Pod).spec;
  return null;
}

function setImage(containers: Container[] | undefined, name: string, image: string): boolean {
  let found = false;
  for (const c of containers ?? []) {
    if (name === '*' || c.name === name) {
      c.image = image;
      found = true;
    }
  }
  return found;
}

function parseImages(pairs: string[]): [string, string][] {
  const out: [string, string][] = [];
  const invalid: string[] = [];
  for (const p of pairs) {
    const i = p.indexOf('=');
    if (i > 0) out.push([p.slice(0, i), p.slice(i + 1)]);
    else invalid.push(p);
  }
  if (invalid.length) throw new CommandError(`invalid image format: ${invalid.join(', ')}`);
  return out;
}

export const setImageCommand: CommandDef = {
  name: 'set image',
  // the kinds with a pod template podSpecOf updates (kubectl's completion offers these, with the
  // unserved cronjobs, replicationcontrollers and statefulsets)
  validArgs: POD_TEMPLATE_KINDS,
  short: 'Update the image of a pod template',
  usage:
    'kubectl set image (-f FILENAME | TYPE NAME) CONTAINER_NAME_1=CONTAINER_IMAGE_1 ... CONTAINER_NAME_N=CONTAINER_IMAGE_N',
  flags: [
    {
      name: 'all',
      type: 'bool',
      usage: 'Select all resources, in the namespace of the specified resource types',
    },
    { name: 'selector', short: 'l', type: 'string', usage: 'Selector (label query) to filter on.' },
    DRY_RUN_FLAG,
    ...OBJECT_PRINT_FLAGS,
    RECORD_FLAG,
  ],
  run(ctx) {
    // Complete: the recorder, the dry-run strategy, the printer, the arguments, then the objects
    const cause = shouldRecord(ctx) ? changeCause(ctx, 'set image') : undefined;
    const dry = dryRunStrategy(ctx);
    resolvePrinter(ctx);
    const { resources, pairs } = resourcesAndPairs(ctx.args.positional, 'pair');
    const images = parseImages(pairs);
    const all = flagBool(ctx.args, 'all');
    const selector = flagString(ctx.args, 'selector') ?? '';
    const { found, errs: notFound } = builderTargets(ctx, resources, 'set', {
      allowEmptySelector: all,
      selector,
    });
    finish(notFound);
    // Validate
    const problems: string[] = [];
    if (all && selector !== '') problems.push('cannot set --all and --selector at the same time');
    if (resources.length < 1)
      problems.push('one or more resources must be specified as <resource> <name> or <resource>/<name>');
    if (images.length < 1) problems.push('at least one image update is required');
    else if (images.length > 1 && images.some(([c]) => c === '*')) {
      problems.push(
        'all containers are already specified by *, but saw more than one container_name=container_image pairs',
      );
    }
    finish(problems.map((p) => new CommandError(p)));
    // Run
    const errs: unknown[] = [];
    for (const { kind, obj } of found) {
      const name = obj.metadata.name;
      let next = clone(obj) as KObject;
      const spec = podSpecOf(kind, next);
      if (!spec) {
        errs.push(
          new ClientError(
            `error: ${kind.toLowerCase()}s/${name} the object is not a pod or does not have a pod template: *v1.${kind}`,
          ),
        );
        continue;
      }
      for (const [c, image] of images) {
        const init = setImage(spec.initContainers, c, image);
        const main = setImage(spec.containers, c, image);
        if (!init && !main)
          errs.push(new ClientError(`error: unable to find container named ${JSON.stringify(c)}`));
      }
      if (cause) next = withChangeCause(next, cause);
      if (deepEqual(next, obj)) continue;
      try {
        const written =
          dry !== 'client'
            ? ctx.sim.store.update(next, { dryRun: dry === 'server', fieldManager: 'kubectl-set' })
            : next;
        printWritten(ctx, kind, written, `image updated${dryRunSuffix(dry)}`);
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        errs.push(new ClientError(`failed to patch image update to pod template: ${e.message}`));
      }
    }
    finish(errs);
  },
};
