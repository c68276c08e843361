// `diff -u -N` (GNU diffutils) on two texts, as `kubectl diff` runs it on its LIVE and MERGED
// directories: a header per differing file, hunks with three lines of context, hunks whose contexts
// touch merged, `-` lines before `+` lines within a change.

const CONTEXT = 3;

type Op = { t: ' ' | '-' | '+'; line: string };

function lines(text: string): string[] {
  if (text === '') return [];
  const l = text.split('\n');
  if (l[l.length - 1] === '') l.pop();
  return l;
}

/** A shortest edit script by longest common subsequence, deletions first within each change. */
function editScript(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  // Trim the common prefix and suffix (cheap and keeps the table small).
  let pre = 0;
  while (pre < n && pre < m && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < n - pre && suf < m - pre && a[n - 1 - suf] === b[m - 1 - suf]) suf++;
  const A = a.slice(pre, n - suf);
  const B = b.slice(pre, m - suf);
  const w = B.length + 1;
  const L = new Uint32Array((A.length + 1) * w);
  for (let i = A.length - 1; i >= 0; i--) {
    for (let j = B.length - 1; j >= 0; j--) {
      L[i * w + j] =
        A[i] === B[j] ? L[(i + 1) * w + j + 1] + 1 : Math.max(L[(i + 1) * w + j], L[i * w + j + 1]);
    }
  }
  const mid: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < A.length || j < B.length) {
    if (i < A.length && j < B.length && A[i] === B[j]) {
      mid.push({ t: ' ', line: A[i++] });
      j++;
    } else if (j >= B.length || (i < A.length && L[(i + 1) * w + j] >= L[i * w + j + 1])) {
      mid.push({ t: '-', line: A[i++] });
    } else {
      mid.push({ t: '+', line: B[j++] });
    }
  }
  // Within each run of changes, deletions come first (as GNU diff prints a change).
  const ordered: Op[] = [];
  for (let k = 0; k < mid.length;) {
    if (mid[k].t === ' ') {
      ordered.push(mid[k++]);
      continue;
    }
    const run: Op[] = [];
    while (k < mid.length && mid[k].t !== ' ') run.push(mid[k++]);
    ordered.push(...run.filter((o) => o.t === '-'), ...run.filter((o) => o.t === '+'));
  }
  return [
    ...a.slice(0, pre).map((line): Op => ({ t: ' ', line })),
    ...ordered,
    ...a.slice(n - suf).map((line): Op => ({ t: ' ', line })),
  ];
}

function range(start: number, count: number): string {
  if (count === 1) return `${start}`;
  return `${count === 0 ? start - 1 : start},${count}`;
}

/** The hunks of `diff -u` (no file header); empty when the texts are equal. */
export function unifiedHunks(oldText: string, newText: string): string {
  const ops = editScript(lines(oldText), lines(newText));
  const changed = ops.map((o, k) => (o.t !== ' ' ? k : -1)).filter((k) => k >= 0);
  if (changed.length === 0) return '';
  // Group changes whose contexts overlap or touch.
  const groups: [number, number][] = [];
  for (const k of changed) {
    const last = groups[groups.length - 1];
    if (last && k - last[1] <= 2 * CONTEXT + 1) last[1] = k;
    else groups.push([k, k]);
  }
  // Line numbers before each op.
  const oldAt: number[] = [];
  const newAt: number[] = [];
  let o = 1;
  let nn = 1;
  for (const op of ops) {
    oldAt.push(o);
    newAt.push(nn);
    if (op.t !== '+') o++;
    if (op.t !== '-') nn++;
  }
  let out = '';
  for (const [first, last] of groups) {
    const from = Math.max(0, first - CONTEXT);
    const to = Math.min(ops.length - 1, last + CONTEXT);
    const slice = ops.slice(from, to + 1);
    const oldCount = slice.filter((x) => x.t !== '+').length;
    const newCount = slice.filter((x) => x.t !== '-').length;
    out += `@@ -${range(oldAt[from], oldCount)} +${range(newAt[from], newCount)} @@\n`;
    for (const x of slice) out += `${x.t}${x.line}\n`;
  }
  return out;
}
