import { describe, expect, it } from 'vitest';
import { detectLanguage, normalizeLanguage } from './index';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('language detection', () => {
  it('prefers ?lang=, then the saved choice, then the browser', () => {
    expect(detectLanguage('?lang=zh-CN', 'en', ['en-US'])).toBe('zh-CN');
    expect(detectLanguage('', 'zh-CN', ['en-US'])).toBe('zh-CN');
    expect(detectLanguage('', null, ['fr-FR', 'zh-TW'])).toBe('zh-CN');
    expect(detectLanguage('?lang=xx', null, ['fr'])).toBe('en');
  });
  it('normalizes', () => {
    expect(normalizeLanguage('zh')).toBe('zh-CN');
    expect(normalizeLanguage('EN-gb')).toBe('en');
    expect(normalizeLanguage('de')).toBeUndefined();
  });
});

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix];
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('locales', () => {
  const dir = join(__dirname, 'locales');
  for (const file of readdirSync(join(dir, 'en'))) {
    it(`zh-CN/${file} has exactly the keys of en/${file}`, () => {
      const en = JSON.parse(readFileSync(join(dir, 'en', file), 'utf8'));
      const zh = JSON.parse(readFileSync(join(dir, 'zh-CN', file), 'utf8'));
      expect(keys(zh).sort()).toEqual(keys(en).sort());
    });
  }
});
