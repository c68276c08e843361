export interface NameSeen {
  name: string
  visible: boolean
  /** why not: 'truncated' | 'outside the pane' | 'covered' | 'too small' | 'no name element' */
  why: string
  /** rendered font size after zoom */
  px: number
}
export interface CardWords {
  name: string
  /** what the card says: `Running · rev 2`, or the short reason */
  words: string
  /** the full reason (reason cards) */
  full: string
  kind: 'pod' | 'reason' | 'none'
  /** phase and revision (or reason) shown whole, in the pane, uncovered, ≥ 10 px */
  ok: boolean
  why: string
}
/** A DaemonSet's or Deployment's name on its card */
export interface WorkloadName {
  name: string
  /** whole, in the pane, uncovered, ≥ 10 px */
  ok: boolean
  why: string
}
export interface GraphMeasure {
  mode: string
  zoom: number
  names: NameSeen[]
  visibleNames: number
  totalNames: number
  minText: number | null
  minTextWhere: string
  minUiText: number | null
  overlaps: string[]
  teaching: CardWords[]
  teachingOk: number
  workloads: WorkloadName[]
  paneShare: number
  freeShare: number
}
export declare function measureGraph(): GraphMeasure | null
