import { describe, expect, it } from 'vitest';
import { lessonById } from '../../lessons/index';

const articleLesson = (await lessonById('article'))!;
import { stepCommands } from './runStep';

describe('lesson steps on the page', () => {
  it('runs the commands of a step with their here-documents', () => {
    const cmds = stepCommands(articleLesson.steps[0]);
    expect(cmds.map((c) => c.line)).toEqual(['kubectl get nodes', 'kubectl create -f -']);
    expect(cmds[1].stdin).toContain('kind: DaemonSet');
    expect(cmds[1].echo).toBe('kubectl create -f - <<EOF …');
  });
  it('settles instead of watching when catching up', () => {
    const cmds = stepCommands(articleLesson.steps[1], true);
    expect(cmds[0].line).toBe('sim settle');
  });
  it("runs a goal's solution after the script only when catching up", () => {
    const step = {
      title: 't',
      text: '',
      script: 'kubectl get nodes\n',
      goal: {
        text: 'g',
        expect: [{ command: 'kubectl get nodes', matches: 'x' }],
        solution: 'sim node add n9\n',
      },
    };
    expect(stepCommands(step).map((c) => c.line)).toEqual(['kubectl get nodes']);
    expect(stepCommands(step, true).map((c) => c.line)).toEqual(['kubectl get nodes', 'sim node add n9']);
  });
});
