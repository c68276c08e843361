import { describe, expect, it } from 'vitest';
import { splitTaintSpec } from './taintSpec';

describe('splitTaintSpec', () => {
  it('reads KEY[=VALUE]:EFFECT at the last colon', () => {
    expect(splitTaintSpec('gpu=true:NoSchedule')).toEqual({
      ok: true,
      taint: { key: 'gpu', value: 'true', effect: 'NoSchedule' },
    });
    expect(splitTaintSpec('node-role.kubernetes.io/control-plane:NoSchedule')).toEqual({
      ok: true,
      taint: { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' },
    });
    expect(splitTaintSpec('k=a:b:NoExecute')).toEqual({
      ok: true,
      taint: { key: 'k', value: 'a:b', effect: 'NoExecute' },
    });
    expect(splitTaintSpec('k=:PreferNoSchedule')).toEqual({
      ok: true,
      taint: { key: 'k', effect: 'PreferNoSchedule' },
    });
  });
  it('says what is wrong', () => {
    expect(splitTaintSpec('gpu=true')).toEqual({ ok: false, problem: 'no-effect' });
    expect(splitTaintSpec('gpu:NoSchedul')).toEqual({
      ok: false,
      problem: 'bad-effect',
      effect: 'NoSchedul',
    });
    expect(splitTaintSpec(':NoSchedule')).toEqual({ ok: false, problem: 'no-key' });
    expect(splitTaintSpec('=v:NoSchedule')).toEqual({ ok: false, problem: 'no-key' });
  });
});
