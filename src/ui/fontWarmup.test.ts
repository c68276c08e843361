import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES, LANGUAGES } from '../i18n';
import { warmFonts, warmupTexts, type WarmupDocument, type WarmupElement } from './fontWarmup';

/** A document that records what happens, in order: appends, width reads, removals, task boundaries. */
function recordingDocument() {
  const log: string[] = [];
  const inBody = new Set<WarmupElement>();
  const doc: WarmupDocument = {
    createElement: () => {
      const el: WarmupElement = {
        setAttribute: () => undefined,
        style: { cssText: '' },
        textContent: null,
        get offsetWidth() {
          log.push(`layout ${inBody.has(el) ? 'in body' : 'detached'}: ${el.textContent}`);
          return 10;
        },
        remove: () => {
          inBody.delete(el);
          log.push('remove');
        },
      };
      return el;
    },
    body: {
      appendChild: (el) => {
        inBody.add(el);
        log.push('append');
      },
    },
  };
  return { doc, log, inBody };
}

describe('warmFonts', () => {
  it('lays out every language name shown in the language menu', () => {
    const text = warmupTexts().join('\n');
    for (const l of LANGUAGES) expect(text).toContain(LANGUAGE_NAMES[l]);
  });

  it('lays each text out in the body in a task of its own, then takes it away', async () => {
    const { doc, log, inBody } = recordingDocument();
    const nextTask = () => {
      log.push('task');
      return Promise.resolve();
    };
    await warmFonts(doc, nextTask);
    const expected = warmupTexts().flatMap((t) => ['task', 'append', `layout in body: ${t}`, 'remove']);
    expect(log).toEqual(expected);
    expect(inBody.size).toBe(0);
  });

  it('does nothing before its first task boundary (the caller’s task stays short)', () => {
    const { doc, log } = recordingDocument();
    void warmFonts(doc, () => new Promise<void>(() => undefined));
    expect(log).toEqual([]);
  });
});
