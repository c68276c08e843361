// Finding the LMS's API the ADL way: this window, its parents, then the opener; a frame of another
// origin (reading it throws) is climbed past.

import { describe, expect, it } from 'vitest';
import { findApi, scormPort } from './scormApi';

type W = Record<string, unknown> & { parent: W; opener?: W | null; top?: W };
function win(props: Record<string, unknown> = {}, parent?: W): W {
  const w = { ...props } as W;
  w.parent = parent ?? w;
  w.top = parent ? (parent.top ?? parent) : w;
  return w;
}
const api12 = () => {
  const calls: string[] = [];
  const store = new Map<string, string>();
  return {
    calls,
    LMSInitialize: () => (calls.push('init'), 'true'),
    LMSFinish: () => (calls.push('finish'), 'true'),
    LMSGetValue: (k: string) => store.get(k) ?? '',
    LMSSetValue: (k: string, v: string) => (store.set(k, v), k.startsWith('cmi.') ? 'true' : 'false'),
    LMSCommit: () => 'true',
    LMSGetLastError: () => '201',
    LMSGetErrorString: () => 'Invalid argument error',
  };
};

describe('findApi', () => {
  it('looks in the window, then up the parents', () => {
    const api = api12();
    const top = win({ API: api });
    const mid = win({}, top);
    const sco = win({}, mid);
    expect(findApi(sco as unknown as Window, 'API')).toBe(api);
    expect(findApi(sco as unknown as Window, 'API_1484_11')).toBeNull();
  });

  it('climbs past a frame it may not read', () => {
    const api = api12();
    const top = win({ API: api });
    const foreign = win({}, top);
    Object.defineProperty(foreign, 'API', {
      get() {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    });
    expect(findApi(win({}, foreign) as unknown as Window, 'API')).toBe(api);
  });

  it('then the opener and its parents (an LMS that opens the SCO in a new window)', () => {
    const api = { Initialize: () => 'true' };
    const lms = win({ API_1484_11: api });
    const popupFrame = win({}, lms);
    const sco = win();
    sco.opener = popupFrame;
    expect(findApi(sco as unknown as Window, 'API_1484_11')).toBe(api);
  });
});

describe('scormPort', () => {
  it('calls the version’s functions and reads errors', () => {
    const api = api12();
    const port = scormPort('scorm12', win({ API: api }) as unknown as Window)!;
    expect(port.initialize()).toBe(true);
    expect(port.set('cmi.core.lesson_location', '2')).toBe(true);
    expect(port.get('cmi.core.lesson_location')).toBe('2');
    expect(port.set('bad', 'x')).toBe(false);
    expect(port.lastError()).toEqual({ code: '201', text: 'Invalid argument error' });
    expect(port.finish()).toBe(true);
    expect(api.calls).toEqual(['init', 'finish']);
  });

  it('no API, or one without the calls: none', () => {
    expect(scormPort('scorm12', win() as unknown as Window)).toBeNull();
    expect(
      scormPort('scorm2004', win({ API_1484_11: { Initialize: () => 'true' } }) as unknown as Window),
    ).toBeNull();
  });
});
