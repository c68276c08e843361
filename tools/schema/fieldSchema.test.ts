import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldSchemaText } from './fieldSchema';

describe('tools/schema/fieldSchema.ts', () => {
  it('wrote src/engine/api/fieldSchema/fields.json from the editor schema', () => {
    expect(
      fieldSchemaText() ===
        readFileSync(new URL('../../src/engine/api/fieldSchema/fields.json', import.meta.url), 'utf8'),
    ).toBe(true);
  });
});
