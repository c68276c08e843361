import { describe, expect, it } from 'vitest';
import { failedChunkUrl, importOnce, isLostChunk, retryAddress } from './chunkRetry';

const ORIGIN = 'http://127.0.0.1:4173';

describe('failedChunkUrl', () => {
  it("reads the chunk's address from Chromium's and Firefox's messages", () => {
    expect(
      failedChunkUrl(
        new TypeError(`Failed to fetch dynamically imported module: ${ORIGIN}/assets/YamlEditor-BoSr7IeW.js`),
        ORIGIN,
      ),
    ).toBe(`${ORIGIN}/assets/YamlEditor-BoSr7IeW.js`);
    expect(
      failedChunkUrl(
        new TypeError(`error loading dynamically imported module: ${ORIGIN}/a/GraphPanel-x.js`),
        ORIGIN,
      ),
    ).toBe(`${ORIGIN}/a/GraphPanel-x.js`);
  });

  it('names nothing where the message has no address, another origin or no script', () => {
    expect(failedChunkUrl(new TypeError('Importing a module script failed.'), ORIGIN)).toBeNull();
    expect(
      failedChunkUrl(
        new TypeError('Failed to fetch dynamically imported module: https://evil.test/x.js'),
        ORIGIN,
      ),
    ).toBeNull();
    expect(
      failedChunkUrl(new TypeError(`Failed to fetch dynamically imported module: ${ORIGIN}/x.css`), ORIGIN),
    ).toBeNull();
    expect(failedChunkUrl(new Error('boom'), ORIGIN)).toBeNull();
    expect(failedChunkUrl(undefined, ORIGIN)).toBeNull();
  });
});

describe('isLostChunk', () => {
  it('tells a module the network did not deliver from one that threw', () => {
    expect(
      isLostChunk(new TypeError(`Failed to fetch dynamically imported module: ${ORIGIN}/assets/m-1.js`)),
    ).toBe(true);
    expect(isLostChunk(new TypeError(`error loading dynamically imported module: ${ORIGIN}/m.js`))).toBe(
      true,
    );
    expect(isLostChunk(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLostChunk(new Error(`Unable to preload CSS for ${ORIGIN}/assets/m.css`))).toBe(true);
    expect(isLostChunk(new TypeError("Cannot read properties of undefined (reading 'editor')"))).toBe(false);
    expect(isLostChunk(undefined)).toBe(false);
  });
});

describe('retryAddress', () => {
  it('gives each attempt its own address', () => {
    expect(retryAddress(`${ORIGIN}/assets/a-1.js`, 1)).toBe(`${ORIGIN}/assets/a-1.js?retry=1`);
    expect(retryAddress(`${ORIGIN}/assets/a-1.js?retry=1`, 2)).toBe(`${ORIGIN}/assets/a-1.js?retry=2`);
  });
});

describe('importOnce', () => {
  it('shares one load between callers, and forgets one that failed so the next asks again', async () => {
    let calls = 0;
    let fail = true;
    const load = importOnce(() => {
      calls++;
      return fail ? Promise.reject(new Error('dropped')) : Promise.resolve({ ok: calls });
    });
    await expect(load()).rejects.toThrow('dropped');
    fail = false;
    const [a, b] = [load(), load()];
    expect(a).toBe(b);
    expect(await a).toEqual({ ok: 2 });
    expect(calls).toBe(2);
  });
});
