import { describe, expect, it } from 'vitest';
import { cmd, imageRule, parseLabelInput, parseTaintInput, shellQuote, splitList } from './commands';
import { dsMenuItems, nodeMenuItems, podMenuItems, type MenuItem } from './menuItems';
import { buildGraph, type DaemonSetNode, type NodeCardNode } from './buildGraph';
import { articleCluster, objectsOf, run } from '../testing/testCluster';
import { nodeId } from './layout';

const UI = { positions: {}, showPodEdges: false, selection: null };
const commands = (items: MenuItem[]) =>
  Object.fromEntries(items.flatMap((i) => (i.type === 'command' ? [[i.id, i.command]] : [])));

describe('command lines', () => {
  it('quotes only what needs quoting', () => {
    expect(shellQuote('node-1')).toBe('node-1');
    expect(shellQuote('k=v:NoSchedule')).toBe('k=v:NoSchedule');
    expect(shellQuote('a b')).toBe("'a b'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('')).toBe("''");
  });

  it('builds kubectl and sim commands as a person would type them', () => {
    expect(cmd.taint('node-1', 'dedicated', 'db', 'NoExecute')).toBe(
      'kubectl taint nodes node-1 dedicated=db:NoExecute',
    );
    expect(cmd.taint('node-1', 'gpu', '', 'NoSchedule')).toBe('kubectl taint nodes node-1 gpu:NoSchedule');
    expect(cmd.untaint('node-1', 'gpu', 'NoSchedule')).toBe('kubectl taint nodes node-1 gpu:NoSchedule-');
    expect(cmd.label('node-1', 'disk', 'ssd', true)).toBe('kubectl label nodes node-1 disk=ssd --overwrite');
    expect(cmd.drain('node-1')).toBe('kubectl drain node-1 --ignore-daemonsets --force');
    expect(cmd.condition('node-1', 'Ready', 'False')).toBe('sim node condition node-1 Ready=False');
    expect(cmd.setImage('fluentd', 'kube-system', 'fluentd', 'img:2')).toBe(
      'kubectl set image ds/fluentd fluentd=img:2 -n kube-system',
    );
    expect(cmd.undo('fluentd', 'kube-system', 1)).toBe(
      'kubectl rollout undo ds/fluentd -n kube-system --to-revision=1',
    );
    expect(cmd.failPod('p', 'kube-system')).toBe('sim pod fail p -n kube-system');
    expect(cmd.undoLast('fluentd', 'kube-system')).toBe('kubectl rollout undo ds/fluentd -n kube-system');
    expect(imageRule('missing', 'k8s.gcr.io/fluentd-elasticsearch:v9.9.9-typo')).toBe(
      'sim image missing k8s.gcr.io/fluentd-elasticsearch:v9.9.9-typo',
    );
    expect(imageRule('ok', 'my image')).toBe("sim image ok 'my image'");
  });

  it('builds the sim image commands, and the engine takes each one', () => {
    expect(cmd.imageMissing('k8s.gcr.io/fluentd-elasticsearch:1.20')).toBe(
      'sim image missing k8s.gcr.io/fluentd-elasticsearch:1.20',
    );
    expect(cmd.imageOk('nginx')).toBe('sim image ok nginx');
    expect(cmd.imageCrash('nginx@sha256:' + 'a'.repeat(64))).toBe(
      `sim image crash nginx@sha256:${'a'.repeat(64)}`,
    );
    expect(cmd.imageOom('localhost:5000/agent')).toBe('sim image oom localhost:5000/agent');
    expect(cmd.imageUnready('[fc00::1]:5000/agent:v1')).toBe("sim image unready '[fc00::1]:5000/agent:v1'");
    const s = articleCluster();
    for (const line of [
      cmd.imageMissing('nginx:1.99'),
      cmd.imageCrash('quay.io/org/app:v1'),
      cmd.imageOom('nginx'),
      cmd.imageUnready('[fc00::1]:5000/agent:v1'),
      cmd.imageOk('nginx:1.99'),
    ]) {
      expect(s.exec(line).exitCode, line).toBe(0);
    }
    expect(
      s
        .exec('sim image list')
        .chunks.map((c) => c.text)
        .join(''),
    ).toContain('[fc00::1]:5000/agent:v1');
  });

  it('parses the taint and label inputs of the forms', () => {
    expect(parseTaintInput('k=v:NoExecute')).toEqual({ key: 'k', value: 'v', effect: 'NoExecute' });
    expect(parseTaintInput(' k:PreferNoSchedule ')).toEqual({ key: 'k', effect: 'PreferNoSchedule' });
    expect(parseTaintInput('k=v')).toBeUndefined();
    expect(parseTaintInput('k=v:Sometimes')).toBeUndefined();
    expect(parseLabelInput('a=b')).toEqual({ key: 'a', value: 'b' });
    expect(parseLabelInput('a=')).toEqual({ key: 'a', value: '' });
    expect(parseLabelInput('a')).toBeUndefined();
    expect(splitList('a=1, b=2\nc=3,')).toEqual(['a=1', 'b=2', 'c=3']);
  });
});

describe('card menus run commands the engine accepts', () => {
  it('node menu: every command succeeds on the article cluster', () => {
    const s = articleCluster();
    run(s, 'kubectl label nodes node-1 disk=ssd');
    run(s, 'kubectl taint nodes node-1 k=v:PreferNoSchedule');
    const g = buildGraph(objectsOf(s), UI);
    const node1 = g.nodes.find((n) => n.id === nodeId('node-1')) as NodeCardNode;
    const c = commands(nodeMenuItems(node1.data.summary));
    expect(Object.keys(c)).toEqual([
      'untaint:k=v:PreferNoSchedule',
      'unlabel:disk',
      'cordon',
      'drain',
      'notready',
      'pressure',
      'describe',
      'delete',
    ]);
    for (const id of [
      'untaint:k=v:PreferNoSchedule',
      'unlabel:disk',
      'cordon',
      'drain',
      'notready',
      'pressure',
      'describe',
    ])
      run(s, c[id]);
    run(s, 'sim advance 1s');
    const after = (buildGraph(objectsOf(s), UI).nodes.find((n) => n.id === nodeId('node-1')) as NodeCardNode)
      .data.summary;
    const c2 = commands(nodeMenuItems(after));
    expect(c2.uncordon).toBe('kubectl uncordon node-1');
    expect(c2.ready).toBe('sim node condition node-1 Ready=True');
    expect(c2.nopressure).toBe('sim node condition node-1 MemoryPressure=False');
    for (const id of ['uncordon', 'ready', 'nopressure', 'delete']) run(s, c2[id]);
    expect(s.sim.store.get('Node', undefined, 'node-1')).toBeUndefined();
  });

  it('pod and DaemonSet menus', () => {
    const s = articleCluster();
    run(s, 'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=img:2 -n kube-system');
    run(s, 'sim settle');
    const g = buildGraph(objectsOf(s), UI);
    const ds = (g.nodes.find((n) => n.type === 'daemonSet') as DaemonSetNode).data.ds;
    const dc = commands(dsMenuItems(ds));
    expect(dc['undo:1']).toBe('kubectl rollout undo ds/fluentd-elasticsearch -n kube-system --to-revision=1');
    expect(dc['undo:2']).toBeUndefined();
    run(s, dc.history);
    run(s, dc['undo:1']);
    run(s, dc.restart);
    const pod = (g.nodes.find((n) => n.id === nodeId('node-1')) as NodeCardNode).data.pods[0];
    const pc = commands(podMenuItems(pod));
    expect(podMenuItems(pod).some((i) => i.id === 'diff')).toBe(true);
    run(s, pc.yaml);
    run(s, pc.fail);
    run(s, pc.delete);
  });

  it('pod menu: Break image ▸ missing / crash / OOM / unready, and Image OK, for the image the pod runs', () => {
    const s = articleCluster();
    const g = buildGraph(objectsOf(s), UI);
    const pod = (g.nodes.find((n) => n.id === nodeId('node-1')) as NodeCardNode).data.pods[0];
    const sub = podMenuItems(pod).find((i) => i.id === 'breakImage');
    expect(sub?.type).toBe('submenu');
    const image = 'k8s.gcr.io/fluentd-elasticsearch:1.20';
    expect(sub?.type === 'submenu' && sub.params).toEqual({ image });
    expect(sub?.type === 'submenu' && commands(sub.items)).toEqual({
      'image:missing': `sim image missing ${image}`,
      'image:crash': `sim image crash ${image}`,
      'image:oom': `sim image oom ${image}`,
      'image:unready': `sim image unready ${image}`,
      'image:ok': `sim image ok ${image}`,
    });
  });
});
