import { describe, expect, it } from 'vitest';
import { patternSample } from './expectWords';

describe('an exercise check in words', () => {
  it('reads simple patterns back as the text they look for', () => {
    expect(patternSample('SchedulingDisabled')).toBe('SchedulingDisabled');
    expect(patternSample('^log-agent-\\S+\\s+1/1\\s+Running')).toBe('log-agent-… 1/1 Running');
    expect(patternSample('image: nginx:1\\.27$')).toBe('image: nginx:1.27');
    expect(patternSample('Ready\\s+\\d+')).toBe('Ready N');
    expect(patternSample('^agent\\s+2\\s+2\\s+2\\s')).toBe('agent 2 2 2');
  });
  it('leaves clever patterns as patterns', () => {
    expect(patternSample('(a|b)')).toBeNull();
    expect(patternSample('[0-9]{2}')).toBeNull();
    expect(patternSample('x?')).toBeNull();
    expect(patternSample('')).toBeNull();
  });
});
