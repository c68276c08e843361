import { describe, expect, it } from 'vitest';
import { shortcutFor } from './shortcuts';

describe('page shortcuts', () => {
  it('maps plain keys and ignores modified ones', () => {
    expect(shortcutFor('?', false, false, false)).toBe('help');
    expect(shortcutFor('p', false, false, false)).toBe('playPause');
    expect(shortcutFor('p', true, false, false)).toBeNull();
    expect(shortcutFor('x', false, false, false)).toBeNull();
    expect(shortcutFor('m', false, false, false)).toBe('present');
  });
});
