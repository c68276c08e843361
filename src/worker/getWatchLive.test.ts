import { describe, expect, it } from 'vitest';
import { Session, ARTICLE_MANIFEST } from '../engine';
import { startLiveGetWatch } from './getWatchLive';

describe('kubectl get -w on the page', () => {
  it('prints the listing, then rows as the clock runs, until stopped', () => {
    const s = new Session();
    s.exec('kubectl apply -f -', ARTICLE_MANIFEST);
    const out: string[] = [];
    const w = startLiveGetWatch(s.sim, 'kubectl get pods -n kube-system -w', (c) => out.push(c.text));
    expect(w).not.toBeNull();
    expect(out.join('')).toBe('');
    s.sim.advance(5000);
    const text = out.join('');
    expect(text.split('\n')[0]).toMatch(/^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
    expect(text).toMatch(/fluentd-elasticsearch-\w{5}\s+1\/1\s+Running/);
    const n = out.length;
    w!.stop();
    s.exec('kubectl delete ds fluentd-elasticsearch -n kube-system --wait=false');
    s.sim.advance(5000);
    expect(out.length).toBe(n);
  });
  it('leaves other lines, failing ones and --request-timeout to the CLI path', () => {
    const s = new Session();
    expect(startLiveGetWatch(s.sim, 'kubectl get pods', () => {})).toBeNull();
    expect(startLiveGetWatch(s.sim, 'kubectl get pods -w --request-timeout=5s', () => {})).toBeNull();
    expect(startLiveGetWatch(s.sim, 'kubectl get pods,ds -w', () => {})).toBeNull();
    expect(startLiveGetWatch(s.sim, 'kubectl get bogus -w', () => {})).toBeNull();
  });
});
