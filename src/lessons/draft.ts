// "Save as lesson": the inputs of the current timeline become a lesson file draft, one step per
// command group (a command that changes the cluster, with the reading commands before it and the
// waiting after it). The time between commands becomes `sim advance`, so the draft replays to the same
// cluster. Texts are placeholders for the author to write.

import { Document } from 'yaml';
import { isPreset, type PresetName } from '../engine/scripts';
import type { Input } from '../wire/protocol';
import { expectationCommandProblem } from './expectations';
import { LESSON_API_VERSION, LESSON_KIND, LESSON_LIMITS } from './limits';

export interface DraftSource {
  preset: PresetName;
  nodes?: number;
  inputs: readonly Input[];
  /** simulated ms since the start at the end of the timeline */
  until: number;
  name?: string;
}

function isTimeCommand(line: string): boolean {
  return /^sim\s+(advance|settle|step)\b/.test(line);
}

function changes(line: string): boolean {
  return !isTimeCommand(line) && expectationCommandProblem(line) !== null;
}

function heredoc(line: string, stdin: string): string {
  const lines = stdin.replace(/\n$/, '').split('\n');
  let delim = 'EOF';
  for (let i = 1; lines.includes(delim); i++) delim = `EOF${i}`;
  return `${line} <<${delim}\n${lines.join('\n')}\n${delim}`;
}

function shortTitle(line: string): string {
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

export function lessonDraft(src: DraftSource): { yaml: string; steps: number } {
  let preset = src.preset;
  let nodes = src.nodes;
  let inputs = [...src.inputs];
  // a lesson or `sim cluster` at the start sets the preset
  const first = inputs[0] ? /^sim\s+cluster\s+(\S+)(?:\s+--nodes[= ](\d+))?\s*$/.exec(inputs[0].line) : null;
  if (first && inputs[0].at === 0 && isPreset(first[1])) {
    preset = first[1];
    nodes = first[2] ? Number(first[2]) : undefined;
    inputs = inputs.slice(1);
  }
  type Group = { lines: string[]; title: string | null };
  const groups: Group[] = [];
  let cur: Group = { lines: [], title: null };
  let last = 0;
  const wait = (to: number) => {
    if (to > last) cur.lines.push(`sim advance ${to - last}ms`);
    last = Math.max(last, to);
  };
  for (const inp of inputs) {
    if (changes(inp.line) && cur.title !== null) {
      groups.push(cur);
      cur = { lines: [], title: null };
    }
    wait(inp.at);
    cur.lines.push(inp.stdin !== undefined ? heredoc(inp.line, inp.stdin) : inp.line);
    if (cur.title === null && changes(inp.line)) cur.title = shortTitle(inp.line);
  }
  wait(src.until);
  if (cur.lines.length) groups.push(cur);
  // at most as many steps as a lesson may have: the rest joins the last one
  while (groups.length > LESSON_LIMITS.maxSteps) {
    const tail = groups.pop()!;
    groups[groups.length - 1].lines.push(...tail.lines);
  }
  const steps = groups.map((g, i) => ({
    title: { en: g.title ?? `Step ${i + 1}` },
    text: { en: 'TODO: what this step shows, and what to look at in the graph.' },
    script: g.lines.join('\n') + '\n',
  }));
  if (steps.length === 0)
    steps.push({ title: { en: 'Step 1' }, text: { en: 'TODO' }, script: 'kubectl get nodes\n' });
  const doc = new Document({
    apiVersion: LESSON_API_VERSION,
    kind: LESSON_KIND,
    metadata: { name: src.name ?? 'my-lesson' },
    spec: {
      title: { en: 'TODO: the lesson title' },
      preset,
      ...(nodes !== undefined && preset === 'large' ? { nodes } : {}),
      steps,
    },
  });
  const head =
    '# A lesson draft saved from the DaemonSet Playground. Write the texts (en, and zh-CN if you like),\n# add questions and goals, then check it: npm run -s sim -- --lesson THIS_FILE\n';
  return { yaml: head + doc.toString({ lineWidth: 0, blockQuote: 'literal' }), steps: steps.length };
}
