// `kubectl CMD --help` against the real kubectl's (testdata/help, made by tools/help/generate.ts):
// for every command of the table, the emulator's help equals the real one with the Options entries of
// the flags the emulator does not model taken out (help.ts leaves those out on purpose).

import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokenize } from './argv';
import { runKubectl } from './index';
import { COMMANDS, GROUPS } from './registry';
import { articleCluster } from '../testing/printerFixtures';
import { formatHelp, parseHelp } from './helpParse';

const DIR = join(import.meta.dirname, 'testdata/help');

function stdout(line: string): string {
  const r = runKubectl(articleCluster(), tokenize(line));
  return r.chunks
    .filter((c) => c.stream === 'stdout')
    .map((c) => c.text)
    .join('');
}

/** The real help with the Options entries of the flags not in `modelled` removed. */
function withoutUnmodelled(real: string, modelled: ReadonlySet<string>, cmd = ''): string {
  return formatHelp(
    parseHelp(real),
    (f) => modelled.has(f.name),
    (sub) => COMMANDS.some((c) => c.name === `${cmd} ${sub}`),
  );
}

describe('kubectl CMD --help equals the real kubectl 1.33.1 (unmodelled flags left out)', () => {
  it('the fixtures are those of kubectl 1.33', () => {
    expect(readFileSync(join(DIR, 'VERSION'), 'utf8')).toMatch(/^v1\.33\./);
  });

  it('withoutUnmodelled removes an entry with its blank line, keeps the rest word for word', () => {
    const real = readFileSync(join(DIR, 'cordon.txt'), 'utf8');
    const cut = withoutUnmodelled(real, new Set(['selector']));
    expect(cut).not.toContain('--dry-run');
    expect(cut).toContain("Options:\n    -l, --selector='':\n");
    expect(cut).toContain('label constraints.\n\nUsage:\n  kubectl cordon NODE [options]\n');
    expect(withoutUnmodelled(real, new Set())).toContain('kubectl cordon foo\n\nUsage:\n');
  });

  for (const def of COMMANDS.filter((c) => c.helpText === undefined)) {
    const file = join(DIR, `${def.name.replace(/ /g, '_')}.txt`);
    it(`kubectl ${def.name} --help`, () => {
      expect(existsSync(file), `${file}: run npx tsx tools/help/generate.ts`).toBe(true);
      const modelled = new Set(def.flags.filter((f) => !f.deprecated).map((f) => f.name));
      const want = withoutUnmodelled(readFileSync(file, 'utf8'), modelled, def.name);
      expect(stdout(`${def.name} --help`)).toBe(want);
    });
  }

  for (const group of GROUPS.keys()) {
    it(`kubectl ${group} --help (a group: the subcommands the emulator has)`, () => {
      const want = withoutUnmodelled(readFileSync(join(DIR, `${group}.txt`), 'utf8'), new Set(), group);
      expect(stdout(`${group} --help`)).toBe(want);
    });
  }

  it('kubectl create secret alone: its help on standard error, exit 1 (DefaultSubCommandRun)', () => {
    const r = runKubectl(articleCluster(), tokenize('create secret'));
    const want = withoutUnmodelled(
      readFileSync(join(DIR, 'create_secret.txt'), 'utf8'),
      new Set(),
      'create secret',
    );
    expect(r.exitCode).toBe(1);
    expect(r.chunks).toEqual([{ stream: 'stderr', text: want }]);
  });
});
