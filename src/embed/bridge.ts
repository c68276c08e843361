// The postMessage bridge to a parent page (issue 6). Stub — being implemented.

export function startEmbedBridge(): () => void {
  return () => {}
}
