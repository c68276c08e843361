import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { Session } from '../../engine';
import { preset, PRESETS, withPreset } from './presets';

const out = (r: { chunks: { stream: string; text: string }[] }) =>
  r.chunks
    .filter((c) => c.stream === 'stdout')
    .map((c) => c.text)
    .join('');

describe('editor presets', () => {
  it('each preset is a valid apps/v1 object the engine accepts', () => {
    for (const p of PRESETS) {
      const s = new Session();
      const r = s.exec('kubectl apply -f -', p.manifest);
      expect(r.exitCode, p.id).toBe(0);
      expect(out(r)).toContain(`${p.object} `);
    }
  });

  it('the Deployment preset makes ReplicaSets and replicas, named as kubectl create deployment names them', () => {
    const s = new Session();
    s.exec('kubectl apply -f -', preset('deployment').manifest);
    s.sim.settle();
    expect(s.exec('kubectl set image deployment/web nginx=nginx:1.28').exitCode).toBe(0);
    s.sim.settle();
    const rs = out(s.exec('kubectl get rs --no-headers')).trim().split('\n');
    expect(rs).toHaveLength(2);
  });

  it('inserting keeps what is typed: another document after ---', () => {
    expect(withPreset('  \n', 'deployment')).toBe(preset('deployment').manifest);
    const both = withPreset(preset('daemonset').manifest, 'deployment');
    const docs = parseAllDocuments(both).map((d) => d.toJS().kind);
    expect(docs).toEqual(['DaemonSet', 'Deployment']);
  });
});
