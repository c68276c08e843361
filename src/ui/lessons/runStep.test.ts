import { describe, expect, it } from 'vitest'
import { articleLesson } from '../../lessons/article'
import { inlineCode, stepCommands } from './runStep'

describe('lesson steps on the page', () => {
  it('runs the commands of a step with their here-documents', () => {
    const cmds = stepCommands(articleLesson.steps[0])
    expect(cmds.map((c) => c.line)).toEqual(['kubectl get nodes', 'kubectl create -f -'])
    expect(cmds[1].stdin).toContain('kind: DaemonSet')
    expect(cmds[1].echo).toBe('kubectl create -f - <<EOF …')
  })
  it('settles instead of watching when catching up', () => {
    const cmds = stepCommands(articleLesson.steps[1], true)
    expect(cmds[0].line).toBe('sim settle')
  })
  it('renders inline code as data, not markup', () => {
    expect(inlineCode('a `<b>` c')).toEqual([
      { code: false, text: 'a ' },
      { code: true, text: '<b>' },
      { code: false, text: ' c' },
    ])
  })
})
