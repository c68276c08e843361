import { describe, expect, it } from 'vitest';
import { failedChunkUrl, retryAddress } from './chunkRetry';

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

describe('retryAddress', () => {
  it('gives each attempt its own address', () => {
    expect(retryAddress(`${ORIGIN}/assets/a-1.js`, 1)).toBe(`${ORIGIN}/assets/a-1.js?retry=1`);
    expect(retryAddress(`${ORIGIN}/assets/a-1.js?retry=1`, 2)).toBe(`${ORIGIN}/assets/a-1.js?retry=2`);
  });
});
