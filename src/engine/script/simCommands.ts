// The `sim …` commands of scenario scripts (DESIGN §3). They print nothing on success except
// `step` and `why`; errors are `error: …` lines, and never change state. Those naming a namespaced
// object (pod fail, why pod/NAME, why NODE DAEMONSET) look in -n, else in the kubeconfig context's
// namespace (`kubectl config set-context --current --namespace=X`), as kubectl does
// (session.namespace()). Those that set a cluster up (cluster, node, pod, advance, step, settle) are
// simStart.ts': the engine worker runs them before kubectl's code has loaded.

import { parseArgs, flagString } from '../kubectl/argv';
import { CommandError, type Output } from '../kubectl/types';
import { formatWhy, formatWhyPod, why, whyPod } from './why';
import { runSimImage } from './simImage';
import type { Session } from './session';
import { runStartSim } from './simStart';

export { parseTaintSpec } from './simStart';

export function runSim(session: Session, argv: string[], out: Output): void {
  const [sub, ...rest] = argv;
  if (runStartSim(session, argv, out)) return;
  const sim = () => session.sim;
  switch (sub) {
    case 'image':
      runSimImage(session, rest, out);
      return;
    case 'why': {
      const a = parseArgs(rest, [], 'sim why');
      const [node, ds] = a.positional;
      if (!node)
        throw new CommandError(
          'usage: sim why NODE [-n NAMESPACE] [DAEMONSET] | sim why pod/NAME [-n NAMESPACE]',
        );
      const ns = flagString(a, 'namespace');
      // pod/NAME (a node's name has no slash): the scheduler's filters and scores for that pod
      const slash = node.indexOf('/');
      if (slash >= 0) {
        const kind = node.slice(0, slash);
        const name = node.slice(slash + 1);
        if (!['pod', 'pods', 'po'].includes(kind) || !name || ds !== undefined)
          throw new CommandError(
            'usage: sim why NODE [-n NAMESPACE] [DAEMONSET] | sim why pod/NAME [-n NAMESPACE]',
          );
        out.out(formatWhyPod(whyPod(sim(), ns ?? session.namespace(), name)));
        return;
      }
      // a DaemonSet named is looked up in -n or the context's namespace; without one, every namespace's
      out.out(formatWhy(why(sim(), node, ds ? (ns ?? session.namespace()) : ns, ds), node));
      return;
    }
    default:
      throw new CommandError(
        `unknown command "sim ${sub ?? ''}"; one of: cluster, node, pod, image, advance, step, settle, why`,
      );
  }
}
