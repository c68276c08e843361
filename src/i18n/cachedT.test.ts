import i18next, { type i18n as I18n } from 'i18next';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheTranslations, MAX_ENTRIES } from './cachedT';

/** i18next's own lookup (not in its types): what the cache saves a call to */
const translator = (i18n: I18n) =>
  (i18n as unknown as { translator: { translate: () => unknown } }).translator;

/** An i18next instance with the cache, and a count of i18next's own lookups. */
async function setup() {
  const i18n = i18next.createInstance();
  const cache = cacheTranslations(i18n);
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: {
      en: { common: { hi: 'Hello', n: '{{count}} pods', n_one: 'one pod', who: 'Hi {{name}}' } },
      de: { common: { hi: 'Hallo' } },
    },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  const translate = vi.spyOn(translator(i18n), 'translate');
  return { i18n, cache, translate };
}

describe('cachedT', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('looks a string up once and answers it again from the cache', async () => {
    const { i18n, translate } = await setup();
    const t = i18n.getFixedT(null, 'common');
    expect(t('hi')).toBe('Hello');
    expect(t('hi')).toBe('Hello');
    expect(translate).toHaveBeenCalledTimes(1);
  });

  it('keys options of primitives by their values, and passes objects through', async () => {
    const { i18n, translate } = await setup();
    const t = i18n.getFixedT(null, 'common');
    expect(t('n', { count: 1 })).toBe('one pod');
    expect(t('n', { count: 3 })).toBe('3 pods');
    expect(t('n', { count: '3' })).toBe('3 pods');
    expect(t('n', { count: 1 })).toBe('one pod');
    expect(translate).toHaveBeenCalledTimes(3);
    const name = { toString: () => 'Ann' };
    expect(t('who', { name })).toBe('Hi Ann');
    expect(t('who', { name })).toBe('Hi Ann');
    expect(translate).toHaveBeenCalledTimes(5);
  });

  it('keeps namespaces and key prefixes apart', async () => {
    const { i18n } = await setup();
    i18n.addResourceBundle('en', 'other', { hi: 'Other', p: { hi: 'Prefixed' } });
    expect(i18n.getFixedT(null, 'common')('hi')).toBe('Hello');
    expect(i18n.getFixedT(null, 'other')('hi')).toBe('Other');
    expect(i18n.getFixedT(null, 'other', 'p')('hi')).toBe('Prefixed');
  });

  it('forgets on a language change and on strings added or removed', async () => {
    const { i18n, cache } = await setup();
    const t = i18n.getFixedT(null, 'common');
    expect(t('hi')).toBe('Hello');
    await i18n.changeLanguage('de');
    expect(t('hi')).toBe('Hallo');
    i18n.addResource('de', 'common', 'hi', 'Servus');
    expect(t('hi')).toBe('Servus');
    i18n.removeResourceBundle('de', 'common');
    expect(t('hi')).toBe('Hello');
    expect(cache.size).toBe(1);
  });

  it('holds no more than MAX_ENTRIES', async () => {
    const { i18n, cache } = await setup();
    const t = i18n.getFixedT(null, 'common');
    for (let i = 0; i < MAX_ENTRIES + 10; i++) t('n', { count: i });
    expect(cache.size).toBeLessThanOrEqual(MAX_ENTRIES);
    expect(t('n', { count: 7 })).toBe('7 pods');
  });

  it('is what the page’s components get', async () => {
    vi.stubGlobal('document', { documentElement: {} });
    const { i18n, initI18n } = await import('./index');
    await initI18n('en');
    const translate = vi.spyOn(translator(i18n), 'translate');
    function Twice() {
      const { t } = useTranslation('common');
      return createElement('p', null, t('appTitle'), t('appTitle'));
    }
    renderToString(createElement(I18nextProvider, { i18n }, createElement(Twice)));
    expect(translate).toHaveBeenCalledTimes(1);
  });
});
