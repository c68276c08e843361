// `kubectl set serviceaccount|sa (TYPE NAME | TYPE/NAME) SERVICE_ACCOUNT` and `kubectl set selector
// (TYPE NAME | TYPE/NAME) EXPRESSIONS` (pkg/cmd/set/set_serviceaccount.go, set_selector.go).
//
// set serviceaccount sets spec.serviceAccountName in the pod template (a change of the template: a
// DaemonSet or Deployment rolls out), or in a pod — which the API server refuses as it refuses every
// other change of a pod's spec (api/podUpdate.ts). It sends its patch even when nothing changes and
// prints `serviceaccount updated` each time, as kubectl does; --record writes the change-cause.
//
// set selector sets a Service's selector, and refuses every other kind; the playground serves no
// Services, so after its checks (the selector parsed as metav1.ParseToLabelSelector, the objects
// looked up) it ends in kubectl's own refusal: `setting a selector is only supported for Services`.
//
// Objects from files (-f, -k, --local) are not modelled here, and say so.

import { StatusError } from '../../api/errors';
import { clone } from '../../api/objects';
import type { KObject } from '../../api/types';
import { flagArray, flagBool, flagString } from '../argv';
import { changeCause, RECORD_FLAG, shouldRecord, withChangeCause } from '../changeCause';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';
import { CommandError, type CommandContext, type CommandDef, type FlagSpec } from '../types';
import { ClientError, DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, finish } from './common';
import { parseToLabelSelector } from './createPdb';
import { targets } from './label';
import { printWritten } from './printObject';
import { POD_TEMPLATE_KINDS, podSpecOf } from './setImage';
import { objectName } from './setHelpers';

/** The builder's error when neither arguments nor files name a resource. */
const NO_RESOURCES =
  "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

const FIELD_MANAGER: FlagSpec = {
  name: 'field-manager',
  type: 'string',
  default: 'kubectl-set',
  usage: 'Name of the manager used to track field ownership.',
};

/** cmdutil.AddDryRunFlag's flag, with its whole usage as kubectl 1.33's --help prints it. */
const DRY_RUN: FlagSpec = {
  ...DRY_RUN_FLAG,
  usage:
    'Must be "none", "server", or "client". If client strategy, only print the object that would be sent, without sending it. If server strategy, submit server-side request without persisting the resource.',
};

const RECURSIVE_USAGE =
  'Process the directory used in -f, --filename recursively. Useful when you want to manage related manifests organized within the same directory.';

/** -f, -k and --local read objects from files: the playground's console has none to read. */
function refuseFiles(ctx: CommandContext, command: string): void {
  if (flagArray(ctx.args, 'filename').length > 0 || flagString(ctx.args, 'kustomize') !== undefined)
    throw new CommandError(
      `kubectl ${command} of the objects in a file (-f, -k) is not modelled by the playground; name the object (TYPE NAME)`,
    );
}

export const setServiceAccountCommand: CommandDef = {
  name: 'set serviceaccount',
  aliases: ['sa'],
  validArgs: POD_TEMPLATE_KINDS,
  short: 'Update the service account of a resource',
  long: `Update the service account of pod template resources.

 Possible resources (case insensitive) can be:

 replicationcontroller (rc), deployment (deploy), daemonset (ds), job, replicaset (rs), statefulset`,
  example: `  # Set deployment nginx-deployment's service account to serviceaccount1
  kubectl set serviceaccount deployment nginx-deployment serviceaccount1
  
  # Print the result (in YAML format) of updated nginx deployment with the service account from local file, without hitting the API server
  kubectl set sa -f nginx-deployment.yaml serviceaccount1 --local --dry-run=client -o yaml`,
  usage: 'kubectl set serviceaccount (-f FILENAME | TYPE NAME) SERVICE_ACCOUNT [options]',
  flags: [
    {
      name: 'all',
      type: 'bool',
      usage: 'Select all resources, in the namespace of the specified resource types',
    },
    DRY_RUN,
    FIELD_MANAGER,
    {
      name: 'filename',
      short: 'f',
      type: 'stringArray',
      usage: 'Filename, directory, or URL to files identifying the resource to get from a server.',
    },
    {
      name: 'kustomize',
      short: 'k',
      type: 'string',
      usage: "Process the kustomization directory. This flag can't be used together with -f or -R.",
    },
    {
      name: 'local',
      type: 'bool',
      usage: 'If true, set serviceaccount will NOT contact api-server but run locally.',
    },
    { name: 'recursive', short: 'R', type: 'bool', usage: RECURSIVE_USAGE },
    RECORD_FLAG,
    ...OBJECT_PRINT_FLAGS,
  ],
  run(ctx) {
    // Complete: the recorder, the dry-run strategy, the printer, the account, then the objects
    // the change-cause names the command as typed (os.Args): `set sa` or `set serviceaccount`
    const typed = ctx.argv.find((a) => a === 'sa' || a === 'serviceaccount') ?? 'serviceaccount';
    const cause = shouldRecord(ctx) ? changeCause(ctx, `set ${typed}`) : undefined;
    const dry = dryRunStrategy(ctx);
    resolvePrinter(ctx);
    const args = ctx.args.positional;
    if (args.length === 0) throw new CommandError('serviceaccount is required');
    const account = args[args.length - 1];
    const resources = args.slice(0, -1);
    refuseFiles(ctx, 'set serviceaccount');
    // --local reads only files; without them, as without resources, the builder has nothing
    if (resources.length === 0 || flagBool(ctx.args, 'local')) throw new CommandError(NO_RESOURCES);
    const found = targets(ctx, resources, 'set');
    // Run: a patch per object (sent even when it changes nothing, as CalculatePatches does)
    const errs: unknown[] = [];
    for (const { kind, obj } of found) {
      let next = clone(obj) as KObject;
      const spec = podSpecOf(kind, next);
      if (!spec) {
        errs.push(
          new ClientError(
            `error: ${objectName(kind, obj.metadata.name)} the object is not a pod or does not have a pod template: *v1.${kind}\n`,
          ),
        );
        continue;
      }
      spec.serviceAccountName = account;
      if (cause) next = withChangeCause(next, cause);
      if (dry === 'client') {
        printWritten(ctx, kind, next, `serviceaccount updated${dryRunSuffix(dry)}`);
        continue;
      }
      try {
        const written = ctx.sim.store.update(next, {
          dryRun: dry === 'server',
          fieldManager: flagString(ctx.args, 'field-manager') ?? 'kubectl-set',
        });
        printWritten(ctx, kind, written, `serviceaccount updated${dryRunSuffix(dry)}`);
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        errs.push(new ClientError(`failed to patch ServiceAccountName ${e.message}`));
      }
    }
    finish(errs);
  },
};

export const setSelectorCommand: CommandDef = {
  name: 'set selector',
  short: 'Set the selector on a resource',
  long: `Set the selector on a resource. Note that the new selector will overwrite the old selector if the resource had one prior to the invocation of 'set selector'.

 A selector must begin with a letter or number, and may contain letters, numbers, hyphens, dots, and underscores, up to 63 characters. If --resource-version is specified, then updates will use this resource version, otherwise the existing resource-version will be used. Note: currently selectors can only be set on Service objects.`,
  example: `  # Set the labels and selector before creating a deployment/service pair
  kubectl create service clusterip my-svc --clusterip="None" -o yaml --dry-run=client | kubectl set selector --local -f - 'environment=qa' -o yaml | kubectl create -f -
  kubectl create deployment my-dep -o yaml --dry-run=client | kubectl label --local -f - environment=qa -o yaml | kubectl create -f -`,
  usage: 'kubectl set selector (-f FILENAME | TYPE NAME) EXPRESSIONS [--resource-version=version] [options]',
  flags: [
    {
      name: 'all',
      type: 'bool',
      usage: 'Select all resources in the namespace of the specified resource types',
    },
    DRY_RUN,
    FIELD_MANAGER,
    { name: 'filename', short: 'f', type: 'stringArray', usage: 'identifying the resource.' },
    {
      name: 'local',
      type: 'bool',
      usage: 'If true, annotation will NOT contact api-server but run locally.',
    },
    { name: 'recursive', short: 'R', type: 'bool', default: 'true', usage: RECURSIVE_USAGE },
    {
      name: 'resource-version',
      type: 'string',
      usage:
        'If non-empty, the selectors update will only succeed if this is the current resource-version for the object. Only valid when specifying a single resource.',
    },
    RECORD_FLAG,
    ...OBJECT_PRINT_FLAGS,
  ],
  run(ctx) {
    // Complete: the dry-run strategy, then the selector (the last argument) and the resources
    dryRunStrategy(ctx);
    const args = ctx.args.positional;
    if (args.length > 0) {
      parseToLabelSelector(args[args.length - 1]);
    }
    resolvePrinter(ctx);
    // Validate
    if (args.length === 0) throw new CommandError('one selector is required');
    // Run: the builder's objects, each refused (the playground serves no Services)
    refuseFiles(ctx, 'set selector');
    const resources = args.slice(0, -1);
    if (resources.length === 0 || flagBool(ctx.args, 'local')) throw new CommandError(NO_RESOURCES);
    if (targets(ctx, resources, 'set').length > 0)
      throw new CommandError('setting a selector is only supported for Services');
  },
};
