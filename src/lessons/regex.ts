// `matches:` patterns come from lesson files, so they must compile and must not take exponential time
// (nested quantifiers like (a+)+ backtrack catastrophically). A conservative check, not a proof.

/** Why this pattern is refused, or null. */
export function patternProblem(src: string): string | null {
  try {
    new RegExp(src, 'm');
  } catch (e) {
    return `not a regular expression: ${(e as Error).message}`;
  }
  if (/\\[1-9]|\\k</.test(src)) return 'back-references are not allowed';
  // A group that contains a quantifier and is itself quantified: (a+)+, (a*b)*, (x{2,}){3,}
  const stack: boolean[] = [];
  let quantifiedInside = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '[') {
      // skip a character class
      for (i++; i < src.length && src[i] !== ']'; i++) if (src[i] === '\\') i++;
      continue;
    }
    if (ch === '(') {
      stack.push(quantifiedInside);
      quantifiedInside = false;
    } else if (ch === ')') {
      const inner = quantifiedInside;
      quantifiedInside = stack.pop() ?? false;
      const next = src[i + 1];
      if (next === '*' || next === '+' || next === '{') {
        if (inner) return 'nested quantifiers (like (a+)+) can take exponential time';
        quantifiedInside = true;
      } else if (inner) quantifiedInside = true;
    } else if (ch === '*' || ch === '+' || ch === '{') {
      quantifiedInside = true;
    }
  }
  return null;
}
