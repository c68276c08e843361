import { describe, expect, it } from 'vitest';
import { commandName } from './commandName';

describe('commandName: a command line named in a sentence', () => {
  it('keeps the program and its command words, drops arguments and flags', () => {
    expect(
      commandName(
        'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v9.9.9-typo -n kube-system',
      ),
    ).toBe('kubectl set image');
    expect(commandName('kubectl rollout undo ds/fluentd-elasticsearch -n kube-system')).toBe(
      'kubectl rollout undo',
    );
    expect(commandName('kubectl scale deploy web --replicas=3')).toBe('kubectl scale');
    expect(commandName('kubectl label node node-1 disk=ssd')).toBe('kubectl label');
    expect(commandName('kubectl create deployment web --image=nginx')).toBe('kubectl create deployment');
    expect(commandName('kubectl apply -f daemonset-with-toleration.yaml')).toBe(
      'kubectl apply -f daemonset-with-toleration.yaml',
    );
    expect(commandName('kubectl apply -f -')).toBe('kubectl apply');
    expect(commandName('kubectl apply -f - <<EOF …')).toBe('kubectl apply');
  });

  it('skips global flags before the command, with their values', () => {
    expect(commandName('kubectl -n kube-system set env ds/x A=1')).toBe('kubectl set env');
    expect(commandName('kubectl --namespace=kube-system delete pod x')).toBe('kubectl delete');
  });

  it('names the simulator’s two-word commands, and anything else by its first words', () => {
    expect(commandName('sim node add gpu-1 --taint a=b:NoSchedule')).toBe('sim node add');
    expect(commandName('sim settle')).toBe('sim settle');
    expect(commandName('  ')).toBe('');
  });
});
