// `kubectl autoscale (-f FILENAME | TYPE NAME | TYPE/NAME) [--min=MINPODS] --max=MAXPODS
// [--cpu-percent=CPU]` (kubectl 1.33 pkg/cmd/autoscale/autoscale.go): Validate's bounds, then for each
// object the scale subresource looked up in discovery (DiscoveryScaleKindResolver: a DaemonSet or a
// Pod has none), then an autoscaling/v2 HorizontalPodAutoscaler; when creating it fails, the v1 one.
// A client dry run prints the v2 object. The playground's API server serves no autoscaling group, so
// both creates end in its 404, the error the real client prints.

import { SERVED } from '../../api/discovery';
import { StatusError } from '../../api/errors';
import type { Kind } from '../../api/types';
import { RECORD_FLAG, changeCause, shouldRecord } from '../changeCause';
import { flagString } from '../argv';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import {
  DRY_RUN_CLIENT_FLAG,
  filenameFlags,
  printClientObject,
  SAVE_CONFIG_FLAG,
  visitResources,
} from './clientObject';
import { dryRunStrategy, finish } from './common';
import { NOT_SERVED } from './createGenerators';

/** The name printer's word for a HorizontalPodAutoscaler. */
const HPA_RESOURCE = 'horizontalpodautoscaler.autoscaling';

/** DiscoveryScaleKindResolver.ScaleForResource: the error for a resource without a scale subresource. */
function scaleForResource(kind: Kind): void {
  const r = SERVED.find((s) => s.kind === kind)!;
  if (r.subresources.some((s) => s.name === 'scale')) return;
  const gv = r.group ? `${r.group}/${r.version}` : `/${r.version}`;
  throw new Error(
    `cannot autoscale a ${kind}: could not find scale subresource for ${gv}, Resource=${r.plural} in discovery information`,
  );
}

/**
 * createHorizontalPodAutoscalerV2 as a typed autoscalingv2.HorizontalPodAutoscaler (Go field order;
 * no zero creationTimestamp, omitzero since 1.34; status with desiredReplicas 0 and currentMetrics
 * null, neither omitempty).
 */
export function horizontalPodAutoscalerV2(
  name: string,
  target: { apiVersion: string; kind: string; name: string },
  min: number,
  max: number,
  cpuPercent: number,
  cause?: string,
): Record<string, unknown> {
  const spec: Record<string, unknown> = {
    scaleTargetRef: { kind: target.kind, name: target.name, apiVersion: target.apiVersion },
  };
  if (min > 0) spec.minReplicas = min;
  spec.maxReplicas = max;
  if (cpuPercent >= 0)
    spec.metrics = [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: cpuPercent } },
      },
    ];
  return {
    kind: 'HorizontalPodAutoscaler',
    apiVersion: 'autoscaling/v2',
    metadata: {
      name,
      ...(cause !== undefined ? { annotations: { 'kubernetes.io/change-cause': cause } } : {}),
    },
    spec,
    status: { desiredReplicas: 0, currentMetrics: null },
  };
}

function int32Flag(ctx: CommandContext, name: string): number {
  return Number(flagString(ctx.args, name) ?? '-1');
}

function runAutoscale(ctx: CommandContext): void {
  // cobra's MarkFlagRequired, checked before Run
  if (flagString(ctx.args, 'max') === undefined) throw new CommandError('required flag(s) "max" not set');
  // Complete
  const dry = dryRunStrategy(ctx);
  // Validate
  const min = int32Flag(ctx, 'min');
  const max = int32Flag(ctx, 'max');
  const cpuPercent = int32Flag(ctx, 'cpu-percent');
  if (max < 1) throw new CommandError(`--max=MAXPODS is required and must be at least 1, max: ${max}`);
  if (max < min)
    throw new CommandError(
      `--max=MAXPODS must be larger or equal to --min=MINPODS, max: ${max}, min: ${min}`,
    );
  // Run
  const visited = visitResources(ctx, 'autoscale');
  const errs: unknown[] = [];
  let count = 0;
  for (const v of visited) {
    if ('error' in v) {
      errs.push(v.error);
      continue;
    }
    try {
      scaleForResource(v.kind);
      const r = SERVED.find((s) => s.kind === v.kind)!;
      const hpa = horizontalPodAutoscalerV2(
        flagString(ctx.args, 'name') || v.obj.metadata.name,
        {
          apiVersion: r.group ? `${r.group}/${r.version}` : r.version,
          kind: v.kind,
          name: v.obj.metadata.name,
        },
        min,
        max,
        cpuPercent,
        shouldRecord(ctx) ? changeCause(ctx, 'autoscale') : undefined,
      );
      if (dry === 'client') {
        // handleHPA's printer, made only now (a bad -o is not noticed before)
        printClientObject(ctx, resolvePrinter(ctx), HPA_RESOURCE, hpa, 'created (dry run)');
      } else {
        // the v2 create finds no autoscaling group on the server, and so does the v1 one after it
        throw new StatusError(404, 'NotFound', NOT_SERVED);
      }
      count++;
    } catch (e) {
      if (e instanceof StatusError || e instanceof CommandError) errs.push(e);
      else if (e instanceof Error) errs.push(new CommandError(e.message));
      else throw e;
    }
  }
  finish(errs);
  if (count === 0) throw new CommandError('no objects passed to autoscale');
}

export const autoscaleCommand: CommandDef = {
  name: 'autoscale',
  // validArgs: deployment, replicaset, replicationcontroller, statefulset; served here:
  validArgs: ['Deployment', 'ReplicaSet'],
  short: 'Auto-scale a deployment, replica set, stateful set, or replication controller',
  long: `Creates an autoscaler that automatically chooses and sets the number of pods that run in a Kubernetes cluster. The command will attempt to use the autoscaling/v2 API first, in case of an error, it will fall back to autoscaling/v1 API.

 Looks up a deployment, replica set, stateful set, or replication controller by name and creates an autoscaler that uses the given resource as a reference. An autoscaler can automatically increase or decrease number of pods deployed within the system as needed.`,
  example: `  # Auto scale a deployment "foo", with the number of pods between 2 and 10, no target CPU utilization specified so a default autoscaling policy will be used
  kubectl autoscale deployment foo --min=2 --max=10
  
  # Auto scale a replication controller "foo", with the number of pods between 1 and 5, target CPU utilization at 80%
  kubectl autoscale rc foo --max=5 --cpu-percent=80`,
  usage:
    'kubectl autoscale (-f FILENAME | TYPE NAME | TYPE/NAME) [--min=MINPODS] --max=MAXPODS [--cpu-percent=CPU] [options]',
  flags: [
    RECORD_FLAG,
    ...OBJECT_PRINT_FLAGS,
    {
      name: 'min',
      type: 'int',
      bits: 32,
      default: '-1',
      usage:
        "The lower limit for the number of pods that can be set by the autoscaler. If it's not specified or negative, the server will apply a default value.",
    },
    {
      name: 'max',
      type: 'int',
      bits: 32,
      default: '-1',
      usage: 'The upper limit for the number of pods that can be set by the autoscaler. Required.',
    },
    {
      name: 'cpu-percent',
      type: 'int',
      bits: 32,
      default: '-1',
      usage:
        "The target average CPU utilization (represented as a percent of requested CPU) over all the pods. If it's not specified or negative, a default autoscaling policy will be used.",
    },
    {
      name: 'name',
      type: 'string',
      usage:
        'The name for the newly created object. If not specified, the name of the input resource will be used.',
    },
    DRY_RUN_CLIENT_FLAG,
    ...filenameFlags('identifying the resource to autoscale.'),
    SAVE_CONFIG_FLAG,
    {
      name: 'field-manager',
      type: 'string',
      default: 'kubectl-autoscale',
      usage: 'Name of the manager used to track field ownership.',
    },
  ],
  run: runAutoscale,
};
