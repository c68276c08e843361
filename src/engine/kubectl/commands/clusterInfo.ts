// `kubectl cluster-info` (pkg/cmd/clusterinfo/clusterinfo.go): lists the Services labelled
// kubernetes.io/cluster-service=true in kube-system and, when that list can be read, prints the
// control plane's address (then one line per such Service), always followed by the hint about
// `cluster-info dump`. The playground serves no Services — a real kubectl against it finds no
// resource type "services", prints only the hint and fails, and so does this.

import { resolveResource } from '../resources';
import type { CommandDef } from '../types';
import { CommandError } from '../types';
import { PLAYGROUND_SERVER } from './playgroundConfig';

export const clusterInfoCommand: CommandDef = {
  name: 'cluster-info',
  short: 'Display cluster information',
  usage: 'kubectl cluster-info [flags] [options]',
  flags: [],
  run(ctx) {
    if (ctx.args.positional[0] === 'dump') {
      throw new CommandError(
        'cluster-info dump is not available in the playground; use kubectl get and kubectl describe',
      );
    }
    let err: unknown;
    try {
      // The builder resolves `services` before listing: this is where the playground's answer ends.
      const kind = resolveResource('services');
      ctx.out.println(`Kubernetes control plane is running at ${PLAYGROUND_SERVER}`);
      for (const svc of ctx.sim.store.list(kind, 'kube-system')) {
        if (svc.metadata.labels?.['kubernetes.io/cluster-service'] !== 'true') continue;
        const name = svc.metadata.labels?.['kubernetes.io/name'] || svc.metadata.name;
        ctx.out.println(
          `${name} is running at ${PLAYGROUND_SERVER}/api/v1/namespaces/kube-system/services/${svc.metadata.name}/proxy`,
        );
      }
    } catch (e) {
      err = e;
    }
    ctx.out.println();
    ctx.out.println("To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.");
    if (err) throw err;
  },
};
