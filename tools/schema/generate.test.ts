// The generated schemas are what generate.ts writes from the upstream spec. The spec is an input of the
// generator, not part of the repository: this runs where it is given (K8S_OPENAPI_SPEC=swagger.json).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { explainText, schemaText } from './generate';

describe('tools/schema/generate.ts', () => {
  it.runIf(process.env.K8S_OPENAPI_SPEC)('wrote the committed files from the spec (K8S_OPENAPI_SPEC)', () => {
    const text = readFileSync(process.env.K8S_OPENAPI_SPEC!, 'utf8');
    expect(
      schemaText(JSON.parse(text), text) ===
        readFileSync(new URL('../../src/ui/editor/schema/kubernetes.schema.json', import.meta.url), 'utf8'),
    ).toBe(true);
    expect(
      explainText(JSON.parse(text), text) ===
        readFileSync(new URL('../../src/engine/api/schema.ts', import.meta.url), 'utf8'),
    ).toBe(true);
  });

  // `npm run lint` holds schema.ts to prettier's format: a generator that wrote anything else would be
  // undone by the next `npm run format`, and --check would then call the committed file out of date.
  it.runIf(process.env.K8S_OPENAPI_SPEC)('writes schema.ts as prettier formats it', async () => {
    const text = readFileSync(process.env.K8S_OPENAPI_SPEC!, 'utf8');
    const file = fileURLToPath(new URL('../../src/engine/api/schema.ts', import.meta.url));
    const generated = explainText(JSON.parse(text), text);
    expect(await format(generated, { ...(await resolveConfig(file)), filepath: file })).toBe(generated);
  });
});
