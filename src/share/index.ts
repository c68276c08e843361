// Share links (issue 6): the whole situation as inputs in the URL fragment `#s=…`.
// Stub — being implemented.

import type { Input } from '../worker/protocol'
import type { PresetName } from '../engine/cluster/presets'

export interface SharedState {
  seed: number
  preset: PresetName
  nodes?: number
  inputs: Input[]
  /** simulated ms since the start */
  until: number
  editorText: string
  lesson?: string
  step?: number
}

/** Reads `#s=…` from a location hash. null when there is none; throws a readable Error when it is damaged. */
export function readSharedState(_hash: string): SharedState | null {
  return null
}
