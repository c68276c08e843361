export interface NameSeen {
  name: string
  visible: boolean
  /** why not: 'truncated' | 'outside the pane' | 'covered' | 'too small' | 'no name element' */
  why: string
  /** rendered font size after zoom */
  px: number
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
  paneShare: number
  freeShare: number
}
export declare function measureGraph(): GraphMeasure | null
