// `kubectl cluster-info` (pkg/cmd/clusterinfo/clusterinfo.go): the control plane's address, then one
// line per kube-system Service labelled kubernetes.io/cluster-service=true — the playground runs no
// Services, so there are none (a real cluster would list CoreDNS).

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
      throw new CommandError('cluster-info dump is not available in the playground; use kubectl get and kubectl describe');
    }
    ctx.out.println(`Kubernetes control plane is running at ${PLAYGROUND_SERVER}`);
    ctx.out.println();
    ctx.out.println("To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.");
  },
};
