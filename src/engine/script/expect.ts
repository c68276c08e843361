// Comparing a transcript with an expected one: `{{any}}` matches any run of characters within a line.

function lineMatches(expected: string, actual: string): boolean {
  if (!expected.includes('{{any}}')) return expected === actual;
  const parts = expected.split('{{any}}').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`).test(actual);
}

export interface ExpectResult {
  ok: boolean;
  /** unified-style diff of the first differing region, empty when ok */
  diff: string;
}

export function compareTranscript(expected: string, actual: string): ExpectResult {
  const e = expected.split('\n');
  const a = actual.split('\n');
  const n = Math.max(e.length, a.length);
  for (let i = 0; i < n; i++) {
    if (i < e.length && i < a.length && lineMatches(e[i], a[i])) continue;
    const from = Math.max(0, i - 3);
    const lines: string[] = [`@@ line ${i + 1} @@`];
    for (let j = from; j < i; j++) lines.push(`  ${a[j]}`);
    for (let j = i; j < Math.min(e.length, i + 6); j++) lines.push(`- ${e[j]}`);
    for (let j = i; j < Math.min(a.length, i + 6); j++) lines.push(`+ ${a[j]}`);
    return { ok: false, diff: lines.join('\n') + '\n' };
  }
  return { ok: true, diff: '' };
}
