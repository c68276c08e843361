// Command-line tokenizing (a shell's quoting rules) and cobra/pflag-style flag parsing with
// kubectl's error messages.

import { CommandError, type FlagSpec, type ParsedArgs } from './types';

/** Splits a command line into words: quotes ('…', "…"), backslash escapes, whitespace. */
export function tokenize(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === '\\' && quote === '"' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]))
        cur += line[++i];
      else cur += ch;
      continue;
    }
    if (ch === '$' && line[i + 1] === "'") {
      // bash's ANSI-C quoting, as kubectl's own examples use it: $'spec:\n  unschedulable: true'
      const ansi: Record<string, string> = {
        n: '\n',
        t: '\t',
        r: '\r',
        '\\': '\\',
        "'": "'",
        '"': '"',
        a: '\x07',
        b: '\b',
        e: '\x1b',
        f: '\f',
        v: '\v',
      };
      let j = i + 2;
      for (; j < line.length && line[j] !== "'"; j++) {
        if (line[j] === '\\' && j + 1 < line.length) {
          const e = line[++j];
          if (Object.hasOwn(ansi, e)) cur += ansi[e];
          else if (e === 'x' && /^[0-9a-fA-F]{1,2}/.test(line.slice(j + 1))) {
            const hex = /^[0-9a-fA-F]{1,2}/.exec(line.slice(j + 1))![0];
            cur += String.fromCharCode(parseInt(hex, 16));
            j += hex.length;
          } else cur += `\\${e}`;
        } else cur += line[j];
      }
      if (j >= line.length) throw new CommandError(`unterminated quote in: ${line}`);
      i = j;
      inWord = true;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
    } else if (ch === '\\' && i + 1 < line.length) {
      cur += line[++i];
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) out.push(cur);
      cur = '';
      inWord = false;
    } else {
      cur += ch;
      inWord = true;
    }
  }
  if (quote) throw new CommandError(`unterminated quote in: ${line}`);
  if (inWord) out.push(cur);
  return out;
}

/** Flags every kubectl command accepts. */
export const GLOBAL_FLAGS: FlagSpec[] = [
  {
    name: 'namespace',
    short: 'n',
    type: 'string',
    usage: 'If present, the namespace scope for this CLI request',
  },
  { name: 'help', short: 'h', type: 'bool', usage: 'help for this command' },
  { name: 'v', type: 'string', usage: 'number for the log level verbosity' },
  { name: 'kubeconfig', type: 'string' },
  { name: 'context', type: 'string' },
  { name: 'request-timeout', type: 'string' },
];

/**
 * Parses flags against `specs` (plus the global flags). Unknown flags raise kubectl's error.
 * `--` ends flag parsing.
 */
export function parseArgs(argv: string[], specs: FlagSpec[], commandPath: string): ParsedArgs {
  // A command's own flag shadows a global one of the same name, shorthand and all (cobra's
  // AddFlagSet skips a name already defined): `config set-context --namespace` has no `-n`.
  const all = [...specs, ...GLOBAL_FLAGS.filter((g) => !specs.some((f) => f.name === g.name))];
  const byName = new Map(all.map((f) => [f.name, f]));
  const byShort = new Map(all.filter((f) => f.short).map((f) => [f.short!, f]));
  const positional: string[] = [];
  const flags = new Map<string, string[]>();
  const ordered: { name: string; value: string }[] = [];
  const set = (f: FlagSpec, v: string) => {
    if (f.type === 'int' && !/^[+-]?\d+$/.test(v)) {
      throw new CommandError(
        `invalid argument "${v}" for "${f.short ? `-${f.short}, ` : ''}--${f.name}" flag: strconv.ParseInt: parsing "${v}": invalid syntax\nSee '${commandPath} --help' for usage.`,
      );
    }
    if (f.type === 'int') {
      // strconv.ParseInt(v, 0, bits): a number that does not fit the flag's size
      const limit = 2n ** BigInt((f.bits ?? 64) - 1);
      const n = BigInt(v);
      if (n >= limit || n < -limit)
        throw new CommandError(
          `invalid argument "${v}" for "${f.short ? `-${f.short}, ` : ''}--${f.name}" flag: strconv.ParseInt: parsing "${v}": value out of range\nSee '${commandPath} --help' for usage.`,
        );
    }
    if (f.type === 'duration') {
      try {
        goDurationMs(v);
      } catch (e) {
        throw new CommandError(
          `invalid argument "${v}" for "${f.short ? `-${f.short}, ` : ''}--${f.name}" flag: ${(e as Error).message}\nSee '${commandPath} --help' for usage.`,
        );
      }
    }
    if (
      f.type === 'bool' &&
      !['true', 'false', '1', '0', 't', 'f', 'TRUE', 'FALSE', 'True', 'False'].includes(v)
    ) {
      throw new CommandError(
        `invalid argument "${v}" for "${f.short ? `-${f.short}, ` : ''}--${f.name}" flag: strconv.ParseBool: parsing "${v}": invalid syntax\nSee '${commandPath} --help' for usage.`,
      );
    }
    const norm = f.type === 'bool' ? String(['true', '1', 't', 'TRUE', 'True'].includes(v)) : v;
    const list = flags.get(f.name) ?? [];
    list.push(norm);
    flags.set(f.name, list);
    ordered.push({ name: f.name, value: norm });
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      for (let j = i + 1; j < argv.length; j++) positional.push(argv[j]);
      break;
    }
    if (a.startsWith('--') && a.length > 2) {
      const eq = a.indexOf('=');
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      const f = byName.get(name);
      if (!f) throw new CommandError(`unknown flag: --${name}\nSee '${commandPath} --help' for usage.`);
      if (eq >= 0) set(f, a.slice(eq + 1));
      else if (f.type === 'bool') set(f, 'true');
      else if (f.noOptDefault !== undefined) set(f, f.noOptDefault);
      else {
        if (i + 1 >= argv.length)
          throw new CommandError(`flag needs an argument: --${name}\nSee '${commandPath} --help' for usage.`);
        set(f, argv[++i]);
      }
      continue;
    }
    if (a.startsWith('-') && a.length > 1 && a !== '-') {
      // shorthand cluster: -it, -n ns, -nns, -n=ns
      let j = 1;
      while (j < a.length) {
        const c = a[j];
        const f = byShort.get(c);
        if (!f)
          throw new CommandError(
            `unknown shorthand flag: '${c}' in ${a}\nSee '${commandPath} --help' for usage.`,
          );
        if (f.type === 'bool') {
          if (a[j + 1] === '=') {
            set(f, a.slice(j + 2));
            break;
          }
          set(f, 'true');
          j++;
          continue;
        }
        let rest = a.slice(j + 1);
        if (rest.startsWith('=')) rest = rest.slice(1);
        if (rest) set(f, rest);
        else {
          if (i + 1 >= argv.length)
            throw new CommandError(
              `flag needs an argument: '${c}' in -${c}\nSee '${commandPath} --help' for usage.`,
            );
          set(f, argv[++i]);
        }
        break;
      }
      continue;
    }
    positional.push(a);
  }
  return { positional, flags, ordered };
}

export function flagString(p: ParsedArgs, name: string): string | undefined {
  const v = p.flags.get(name);
  return v ? v[v.length - 1] : undefined;
}

export function flagBool(p: ParsedArgs, name: string): boolean {
  return flagString(p, name) === 'true';
}

export function flagArray(p: ParsedArgs, name: string): string[] {
  // stringArray flags may also be given comma-separated (StringSlice): callers decide.
  return p.flags.get(name) ?? [];
}

const DURATION_UNITS = new Map<string, number>([
  ['ns', 1e-6],
  ['us', 1e-3],
  ['\u00b5s', 1e-3],
  ['\u03bcs', 1e-3],
  ['ms', 1],
  ['s', 1000],
  ['m', 60_000],
  ['h', 3_600_000],
]);

/**
 * Go's time.ParseDuration, in milliseconds (rounded): `0`, `1.5h`, `-2m30s`, `300ms`, `10us`. Throws
 * Go's messages: `time: invalid duration "x"`, `time: missing unit in duration "5"`,
 * `time: unknown unit "d" in duration "1d"`. `0` and negative durations are valid (callers decide).
 */
export function goDurationMs(orig: string): number {
  const invalid = () => new Error(`time: invalid duration ${JSON.stringify(orig)}`);
  let s = orig;
  let neg = false;
  if (s[0] === '-' || s[0] === '+') {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') throw invalid();
  let total = 0;
  while (s !== '') {
    const m = /^(\d*)(?:\.(\d*))?/.exec(s)!;
    if ((m[1] === '' && m[2] === undefined) || (m[1] === '' && m[2] === '')) throw invalid();
    s = s.slice(m[0].length);
    let i = 0;
    while (i < s.length && s[i] !== '.' && !(s[i] >= '0' && s[i] <= '9')) i++;
    if (i === 0) throw new Error(`time: missing unit in duration ${JSON.stringify(orig)}`);
    const unit = s.slice(0, i);
    s = s.slice(i);
    const scale = DURATION_UNITS.get(unit);
    if (scale === undefined)
      throw new Error(`time: unknown unit ${JSON.stringify(unit)} in duration ${JSON.stringify(orig)}`);
    total += Number(`${m[1] || '0'}.${m[2] || '0'}`) * scale;
    // time.Duration is an int64 of nanoseconds: about 292 years
    if (total > 9_223_372_036_854) throw invalid();
  }
  return Math.round(neg ? -total : total);
}
