// What a person sees of the cluster graph, measured in the page (used by the e2e specs and by
// `npm run bench:legibility`). `measureGraph` runs inside the browser (page.evaluate): it must stay
// self-contained, plain JavaScript.
//
// - names: for every node card, whether its name is fully shown (not cut by an ellipsis), inside the
//   visible part of the cluster pane, not covered (elementFromPoint at five points along it lands on
//   the name) and rendered at ≥ 12 px (font-size × zoom);
// - the smallest text inside the graph (cards, pods, chips) after zoom, and which element it is;
// - card pairs whose boxes overlap on screen;
// - the teaching state of every node card (issue 22): its pod's phase and revision in words (`.w-phase`,
//   `.w-rev`), or for a node without a daemon pod its reason (`.w-reason`), each fully shown (not cut
//   by its box or an ellipsis), inside the pane, not covered and ≥ 10 px after zoom;
// - the workload cards' names (DaemonSet, Deployment), checked the same way;
// - the cluster pane's share of the frame, and the share of it not covered by toolbars, legend,
//   palette or side panels.

/** @returns {import('./graphMeasure').GraphMeasure | null} */
export function measureGraph() {
  const root = document.querySelector('[data-testid="graph"]');
  const pane = root && root.querySelector('.react-flow');
  if (!root || !pane) return null;
  const W = innerWidth;
  const H = innerHeight;
  const pr = pane.getBoundingClientRect();
  const vis = {
    left: Math.max(pr.left, 0),
    top: Math.max(pr.top, 0),
    right: Math.min(pr.right, W),
    bottom: Math.min(pr.bottom, H),
  };
  const area = (r) => Math.max(0, r.right - r.left) * Math.max(0, r.bottom - r.top);
  const vpEl = root.querySelector('.react-flow__viewport');
  const tf = vpEl ? getComputedStyle(vpEl).transform : 'none';
  const mm = /matrix\(([^)]+)\)/.exec(tf);
  const zoom = mm ? Number(mm[1].split(',')[0]) : 1;
  const covering =
    '.react-flow__panel, .palette, .inspector, .graph-menu, .graph-pill, .react-flow__minimap, .react-flow__controls';

  // Free share of the pane: a grid of points, each either on the canvas / a card or on something over it.
  let free = 0;
  let total = 0;
  for (let y = vis.top + 5; y < vis.bottom; y += 10) {
    for (let x = vis.left + 5; x < vis.right; x += 10) {
      total++;
      const hit = document.elementFromPoint(x, y);
      if (hit && pane.contains(hit) && !hit.closest(covering)) free++;
    }
  }

  const cards = [...root.querySelectorAll('.react-flow__node')].filter((n) =>
    (n.getAttribute('data-id') || '').startsWith('node:'),
  );
  const names = cards.map((card) => {
    const name = (card.getAttribute('data-id') || '').slice(5);
    const el = card.querySelector('.node-name, .compact-name');
    if (!el) return { name, visible: false, why: 'no name element', px: 0 };
    const r = el.getBoundingClientRect();
    const px = parseFloat(getComputedStyle(el).fontSize) * zoom;
    const truncated = el.scrollWidth > el.clientWidth + 1;
    const inside =
      r.left >= vis.left - 0.5 &&
      r.right <= vis.right + 0.5 &&
      r.top >= vis.top - 0.5 &&
      r.bottom <= vis.bottom + 0.5;
    let covered = 0;
    if (inside) {
      // Where the text itself is (the element may be wider than its text).
      const range = document.createRange();
      range.selectNodeContents(el);
      const tr = range.getBoundingClientRect();
      const right = Math.min(tr.right, r.right);
      for (const f of [0.05, 0.3, 0.5, 0.7, 0.95]) {
        const hit = document.elementFromPoint(tr.left + (right - tr.left) * f, tr.top + tr.height / 2);
        if (!hit || !(hit === el || el.contains(hit))) covered++;
      }
    }
    const why = truncated
      ? 'truncated'
      : !inside
        ? 'outside the pane'
        : covered
          ? 'covered'
          : px < 12
            ? 'too small'
            : '';
    return { name, visible: !why, why, px: Math.round(px * 10) / 10 };
  });

  // The teaching state of each card: the words a class must read, each checked the way a name is.
  const clipped = (el, card) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tr = range.getBoundingClientRect();
    for (let a = el; a && a !== card.parentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflow === 'visible' && cs.overflowX === 'visible') continue;
      const ar = a.getBoundingClientRect();
      if (
        tr.left < ar.left - 1 ||
        tr.right > ar.right + 1 ||
        tr.top < ar.top - 1 ||
        tr.bottom > ar.bottom + 1
      )
        return true;
    }
    return false;
  };
  const seen = (el, card) => {
    if (!el) return 'missing';
    const text = (el.textContent || '').trim();
    if (!text) return 'empty';
    const px = parseFloat(getComputedStyle(el).fontSize) * zoom;
    const range = document.createRange();
    range.selectNodeContents(el);
    const tr = range.getBoundingClientRect();
    if (tr.width < 1) return 'hidden';
    if (
      tr.left < vis.left - 0.5 ||
      tr.right > vis.right + 0.5 ||
      tr.top < vis.top - 0.5 ||
      tr.bottom > vis.bottom + 0.5
    )
      return 'outside the pane';
    if (clipped(el, card)) return 'cut';
    for (const f of [0.1, 0.5, 0.9]) {
      const hit = document.elementFromPoint(tr.left + tr.width * f, tr.top + tr.height / 2);
      if (!hit || !(hit === el || el.contains(hit) || hit.contains(el))) return 'covered';
    }
    if (px < 10 - 0.05) return `too small (${Math.round(px * 10) / 10}px)`;
    return '';
  };
  const teaching = cards.map((card) => {
    const name = (card.getAttribute('data-id') || '').slice(5);
    const reasonEl = card.querySelector('.w-reason');
    if (reasonEl) {
      const why = seen(reasonEl, card);
      return {
        name,
        words: (reasonEl.textContent || '').trim(),
        full: reasonEl.getAttribute('data-full') || '',
        kind: 'reason',
        ok: !why,
        why,
      };
    }
    const phase = card.querySelector('.w-phase');
    if (!phase) return { name, words: '', full: '', kind: 'none', ok: false, why: 'no phase in words' };
    const holder = phase.closest('[data-testid^="pod."]:not([data-testid$=".trouble"])') || card;
    const rev = holder.querySelector('.w-rev');
    const wp = seen(phase, card);
    const wr = rev ? seen(rev, card) : 'no revision in words';
    const words = `${(phase.textContent || '').trim()}${rev ? ` · ${(rev.textContent || '').trim().split(/\s+/).slice(0, 2).join(' ')}` : ''}`;
    return {
      name,
      words,
      full: '',
      kind: 'pod',
      ok: !wp && !wr,
      why: wp ? `phase ${wp}` : wr ? `revision ${wr === 'no revision in words' ? 'missing' : wr}` : '',
    };
  });

  // The workload cards' names (DaemonSet, Deployment), checked as the words above: whole (not cut by
  // an ellipsis or the card), in the pane, not covered, ≥ 10 px after zoom.
  const workloads = [...root.querySelectorAll('.react-flow__node')]
    .filter((n) => /^(ds|deploy):/.test(n.getAttribute('data-id') || ''))
    .map((card) => {
      const id = card.getAttribute('data-id') || '';
      const el = card.querySelector('.ds-name');
      if (!el) return { name: id, ok: false, why: 'no name element' };
      const cut = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      const why = cut ? 'truncated' : seen(el, card);
      return { name: (el.textContent || '').trim(), ok: !why, why };
    });

  // Smallest text after zoom among the visible text inside the graph's cards.
  let minText = Infinity;
  let minWhere = '';
  const walker = document.createTreeWalker(vpEl || root, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (!t.textContent || !t.textContent.trim()) continue;
    const el = t.parentElement;
    if (!el || el.closest('.sr-only')) continue;
    if (el.checkVisibility && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
      continue;
    const range = document.createRange();
    range.selectNodeContents(t);
    const r = range.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    if (r.right < vis.left || r.left > vis.right || r.bottom < vis.top || r.top > vis.bottom) continue;
    const px = parseFloat(getComputedStyle(el).fontSize) * zoom;
    if (px < minText) {
      minText = px;
      minWhere = `${el.className || el.tagName}: ${t.textContent.trim().slice(0, 30)}`;
    }
  }
  // The same for the graph's own controls (toolbar, legend, palette, pill), which do not zoom.
  let minUi = Infinity;
  for (const el of root.querySelectorAll('.react-flow__panel *, .palette *, .graph-pill *')) {
    if (![...el.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim())) continue;
    if (el.checkVisibility && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
      continue;
    minUi = Math.min(minUi, parseFloat(getComputedStyle(el).fontSize));
  }

  const boxes = [...root.querySelectorAll('.react-flow__node')].map((n) => ({
    id: n.getAttribute('data-id'),
    r: n.getBoundingClientRect(),
  }));
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i].r;
      const b = boxes[j].r;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 0.5 && h > 0.5) overlaps.push(`${boxes[i].id} × ${boxes[j].id}`);
    }
  }
  const round1 = (x) => (Number.isFinite(x) ? Math.round(x * 10) / 10 : null);
  return {
    mode: root.getAttribute('data-mode') || '',
    zoom: Math.round(zoom * 1000) / 1000,
    names,
    visibleNames: names.filter((n) => n.visible).length,
    totalNames: names.length,
    minText: round1(minText),
    minTextWhere: minWhere,
    minUiText: round1(minUi),
    overlaps,
    teaching,
    teachingOk: teaching.filter((c) => c.ok).length,
    workloads,
    paneShare: Math.round((area(vis) / (W * H)) * 1000) / 1000,
    freeShare: total ? Math.round((free / total) * 1000) / 1000 : 0,
  };
}
