import { describe, expect, it } from 'vitest';
import { monacoLocale } from './loadMonaco';
import { shortcuts } from './shortcuts';

describe('shortcuts', () => {
  it('names the keys Monaco binds on each platform', () => {
    expect(shortcuts(false)).toEqual({ toggleTab: 'Ctrl+M', apply: 'Ctrl+Enter' });
    expect(shortcuts(true)).toEqual({ toggleTab: '⌃⇧M', apply: '⌘Enter' });
  });
});

describe('monacoLocale', () => {
  it('loads Monaco in Chinese for a Chinese page', () => {
    expect(monacoLocale('zh-CN')).toBe('zh-cn');
    expect(monacoLocale('zh')).toBe('zh-cn');
    expect(monacoLocale('en')).toBeUndefined();
    expect(monacoLocale(undefined)).toBeUndefined();
  });
});
