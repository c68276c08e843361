// The tar writer, read back by the system's tar: the file list, contents, modes and times.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tar, TarError } from './tar';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Writes the archive, lists it and unpacks it with the system tar. */
function unpack(archive: Uint8Array): { dir: string; listing: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'dsp-tar-'));
  dirs.push(dir);
  const file = join(dir, 'a.tar');
  writeFileSync(file, archive);
  const listing = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
  execFileSync('tar', ['-xf', file, '-C', dir]);
  return { dir, listing };
}

describe('tar', () => {
  it('is read back by tar: names, contents, modes, times', () => {
    const long = `x/${'d'.repeat(90)}/${'f'.repeat(80)}.yaml`;
    const archive = tar(
      [
        { name: 'x/' },
        { name: 'x/run.sh', data: '#!/bin/sh\necho hi\n', mode: 0o755 },
        { name: 'x/中文.txt', data: '节点 — ünïcode\n' },
        { name: 'x/empty.txt', data: '' },
        { name: 'x/block.txt', data: 'b'.repeat(512) },
        { name: long, data: 'long\n' },
      ],
      1_700_000_000,
    );
    expect(archive.length % 10240).toBe(0);
    const { dir, listing } = unpack(archive);
    expect(listing).toEqual(['x/', 'x/run.sh', 'x/中文.txt', 'x/empty.txt', 'x/block.txt', long]);
    expect(readFileSync(join(dir, 'x/run.sh'), 'utf8')).toBe('#!/bin/sh\necho hi\n');
    expect(readFileSync(join(dir, 'x/中文.txt'), 'utf8')).toBe('节点 — ünïcode\n');
    expect(readFileSync(join(dir, 'x/empty.txt'), 'utf8')).toBe('');
    expect(readFileSync(join(dir, 'x/block.txt'), 'utf8')).toBe('b'.repeat(512));
    expect(readFileSync(join(dir, long), 'utf8')).toBe('long\n');
    expect(statSync(join(dir, 'x/run.sh')).mode & 0o777).toBe(0o755);
    expect(statSync(join(dir, 'x/empty.txt')).mode & 0o777).toBe(0o644 & ~process.umask());
    expect(statSync(join(dir, 'x/run.sh')).mtimeMs).toBe(1_700_000_000_000);
    expect(execFileSync(join(dir, 'x/run.sh'), { encoding: 'utf8' })).toBe('hi\n');
  });

  it('refuses paths it cannot hold or that leave the folder', () => {
    expect(() => tar([{ name: 'a'.repeat(101) }], 0)).toThrow(TarError);
    expect(() => tar([{ name: `${'p'.repeat(160)}/${'n'.repeat(10)}` }], 0)).toThrow(/too long/);
    expect(() => tar([{ name: '../x' }], 0)).toThrow(/relative path/);
    expect(() => tar([{ name: '/etc/x' }], 0)).toThrow(/relative path/);
    expect(() =>
      tar(
        [
          { name: 'a', data: '1' },
          { name: 'a', data: '2' },
        ],
        0,
      ),
    ).toThrow(/twice/);
  });

  it('is the same bytes for the same input', () => {
    const entries = [{ name: 'a/' }, { name: 'a/b', data: 'c' }];
    expect(tar(entries, 5)).toEqual(tar(entries, 5));
  });
});
