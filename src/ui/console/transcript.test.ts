import { describe, expect, it } from 'vitest'
import { displayText, transcript } from './transcript'

describe('console transcript', () => {
  it('prints commands with a prompt and output as it came', () => {
    const lines = [
      { id: 1, kind: 'command' as const, text: 'kubectl get nodes' },
      { id: 2, kind: 'stdout' as const, text: 'NAME     STATUS\nmaster   Ready\n' },
      { id: 3, kind: 'stderr' as const, text: 'error: x' },
    ]
    expect(transcript(lines)).toBe('$ kubectl get nodes\nNAME     STATUS\nmaster   Ready\nerror: x\n')
    expect(displayText(lines[1])).toBe('NAME     STATUS\nmaster   Ready')
    expect(displayText({ id: 4, kind: 'stdout', text: '\n' })).toBe('')
  })
})
