// What a command line is called in a sentence (issue 22: the editor says the live object was "changed
// by `kubectl set image`"): the program and its command words, without the arguments and flags —
// `kubectl set image ds/x x=nginx:1.27 -n kube-system` → `kubectl set image` (`kubectl apply` keeps its
// file's name: `-f daemonset-with-toleration.yaml` says what was applied). The whole line stays
// on hover and in the console. Pure.

/** kubectl's commands that take a subcommand (`set image`, `rollout undo`, `create deployment`). */
const GROUPS = new Set([
  'set',
  'rollout',
  'create',
  'config',
  'auth',
  'certificate',
  'top',
  'apply',
  'alpha',
  'plugin',
]);

/** Global flags that take their value as the next word (`kubectl -n kube-system set image …`). */
const VALUE_FLAGS = new Set([
  '-n',
  '--namespace',
  '--context',
  '--cluster',
  '--user',
  '--kubeconfig',
  '-s',
  '--server',
  '--request-timeout',
]);

export function commandName(line: string): string {
  const words = line.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const out = [words[0]];
  // `sim node add …`: the simulator's commands are two words
  const max = words[0] === 'sim' ? 3 : 2;
  for (let i = 1; i < words.length && out.length <= max; i++) {
    const w = words[i];
    if (w.startsWith('-')) {
      // `kubectl apply -f daemonset-with-toleration.yaml`: a file's name says what was applied
      if (out.length === 2 && out[1] === 'apply' && w === '-f' && words[i + 1] && words[i + 1] !== '-') {
        out.push(w, words[i + 1]);
        break;
      }
      // flags before the command are skipped; after it they end the name
      if (out.length > 1) break;
      if (!w.includes('=') && VALUE_FLAGS.has(w)) i++;
      continue;
    }
    if (/[/=<]/.test(w)) break;
    out.push(w);
    if (out.length === 2 && words[0] === 'kubectl' && !GROUPS.has(w)) break;
    if (out.length === 3) break;
  }
  return out.join(' ');
}
