import { describe, expect, it } from 'vitest';
import { runDef, simWithNodes } from '../../testing/kubectl';
import { createPriorityClassCommand } from './createPriorityClass';

describe('kubectl create priorityclass (create_priorityclass.go) against the served kind', () => {
  it('builds the object as the generator does (value 0 and PreemptLowerPriority by default)', () => {
    const sim = simWithNodes(['n1']);
    expect(runDef(sim, createPriorityClassCommand, 'low --dry-run=client -o yaml').stdout).toBe(
      'apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata:\n  name: low\npreemptionPolicy: PreemptLowerPriority\nvalue: 0\n',
    );
    expect(sim.store.get('PriorityClass', undefined, 'low')).toBeUndefined();
  });

  it('creates it on the cluster, with every flag', () => {
    const sim = simWithNodes(['n1']);
    const r = runDef(sim, createPriorityClassCommand, [
      'high',
      '--value=1000',
      '--global-default',
      '--description=for the daemons',
      '--preemption-policy=Never',
    ]);
    expect(r.stdout).toBe('priorityclass.scheduling.k8s.io/high created\n');
    const pc = sim.store.get('PriorityClass', undefined, 'high')!;
    expect([pc.value, pc.globalDefault, pc.description, pc.preemptionPolicy, pc.metadata.generation]).toEqual(
      [1000, true, 'for the daemons', 'Never', 1],
    );
  });

  it('wraps the server refusals as kubectl does', () => {
    const sim = simWithNodes(['n1']);
    const err = (args: string) => runDef(sim, createPriorityClassCommand, args).stderr;
    expect(err('huge --value=1000000001')).toBe(
      'error: failed to create priorityclass: PriorityClass.scheduling.k8s.io "huge" is invalid: value: Forbidden: maximum allowed value of a user defined priority is 1000000000\n',
    );
    expect(err('system-mine --value=5')).toBe(
      'error: failed to create priorityclass: PriorityClass.scheduling.k8s.io "system-mine" is invalid: metadata.name: Forbidden: priority class names with \'system-\' prefix are reserved for system use only. error: system-mine is not a known system priority class\n',
    );
    expect(err('system-node-critical --value=2000001000')).toBe(
      'error: failed to create priorityclass: priorityclasses.scheduling.k8s.io "system-node-critical" already exists\n',
    );
    expect(err('odd --preemption-policy=Sometimes')).toBe(
      'error: failed to create priorityclass: PriorityClass.scheduling.k8s.io "odd" is invalid: preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never"\n',
    );
    expect(runDef(sim, createPriorityClassCommand, 'first --global-default').stdout).toBe(
      'priorityclass.scheduling.k8s.io/first created\n',
    );
    expect(err('second --global-default --value=7')).toBe(
      'error: failed to create priorityclass: priorityclasses.scheduling.k8s.io "second" is forbidden: PriorityClass first is already marked as default. Only one default can exist\n',
    );
    expect(sim.store.get('PriorityClass', undefined, 'second')).toBeUndefined();
  });

  it('reads --value as an int32, as pflag does', () => {
    const sim = simWithNodes(['n1']);
    expect(runDef(sim, createPriorityClassCommand, 'big --value=3000000000').stderr).toBe(
      'error: invalid argument "3000000000" for "--value" flag: strconv.ParseInt: parsing "3000000000": value out of range\nSee \'kubectl create priorityclass --help\' for usage.\n',
    );
  });
});
