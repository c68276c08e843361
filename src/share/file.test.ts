import { describe, expect, it } from 'vitest';
import { encodeScenarioFile, encodeShared } from './codec';
import { ShareError } from './errors';
import { LIMITS } from './limits';
import { parseScenarioText, readScenarioFile } from './file';
import type { SharedState } from './types';

const s: SharedState = {
  seed: 2,
  preset: 'article',
  inputs: [{ at: 0, line: 'sim node add node-2' }],
  until: 1000,
  editorText: 'kind: DaemonSet\n',
};

describe('dropped files', () => {
  it('reads a scenario file, or a text holding a share link', async () => {
    expect(parseScenarioText(encodeScenarioFile(s))).toEqual(s);
    expect(parseScenarioText(`see https://x.example/?lang=en#s=${encodeShared(s)}\n`)).toEqual(s);
    expect(await readScenarioFile(new Blob([encodeScenarioFile(s)]))).toEqual(s);
  });

  it('refuses other files, and large ones before reading them', async () => {
    expect(() => parseScenarioText('<html><script>alert(1)</script>')).toThrow(ShareError);
    expect(() => parseScenarioText('{"hello": 1}')).toThrow(ShareError);
    await expect(readScenarioFile(new Blob([new Uint8Array(LIMITS.maxFileBytes + 1)]))).rejects.toMatchObject(
      { code: 'tooLarge' },
    );
  });
});
