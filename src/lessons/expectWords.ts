// An exercise check in words for the learner: a lesson's `description` when it has one, else what the
// pattern looks for, read out of simple regular expressions (`^log-agent-\S+\s+1/1\s+Running` → a line
// like `log-agent-… 1/1 Running`). A pattern too clever to read back stays a pattern.

/** The text a simple pattern looks for (`…` for any word), or null when it is not that simple. */
export function patternSample(re: string): string | null {
  let out = '';
  // a pattern anchored at the start of a line reads the same
  let i = re.startsWith('^') ? 1 : 0;
  while (i < re.length) {
    const ch = re[i];
    if (ch === '\\') {
      const next = re[i + 1];
      if (next === undefined) return null;
      const rest = re.slice(i, i + 3);
      if (rest === '\\S+' || rest === '\\w+' || rest === '\\d+') {
        out += rest === '\\d+' ? 'N' : '…';
        i += 3;
      } else if (rest === '\\s+' || rest === '\\s*') {
        out += ' ';
        i += 3;
      } else if (next === 's' || next === 'S' || next === 'd') {
        out += next === 's' ? ' ' : next === 'd' ? 'N' : '…';
        i += 2;
      } else if (/[.\-/()[\]{}*+?|^$\\:]/.test(next)) {
        out += next;
        i += 2;
      } else return null;
      continue;
    }
    if (ch === '.' && (re[i + 1] === '*' || re[i + 1] === '+')) {
      out += '…';
      i += 2;
      continue;
    }
    if (ch === '$' && i === re.length - 1) {
      i++;
      continue;
    }
    if (/[()[\]{}*+?|^$.]/.test(ch)) return null;
    out += ch;
    i++;
  }
  const text = out.replace(/ {2,}/g, ' ').trim();
  return text || null;
}
