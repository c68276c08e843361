// A min-heap of (time, node name): when a ready pod becomes available after minReadySeconds, the
// incremental controller must look at its node again although nothing was written.

export class TimerQueue {
  private h: { at: number; node: string }[] = [];

  get size(): number {
    return this.h.length;
  }

  push(at: number, node: string): void {
    const h = this.h;
    h.push({ at, node });
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p].at <= h[i].at) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }

  peek(): { at: number; node: string } | undefined {
    return this.h[0];
  }

  pop(): { at: number; node: string } | undefined {
    const h = this.h;
    const top = h[0];
    if (!top) return undefined;
    const last = h.pop()!;
    if (h.length) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && h[l].at < h[m].at) m = l;
        if (r < h.length && h[r].at < h[m].at) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
    }
    return top;
  }

  clear(): void {
    this.h = [];
  }
}
