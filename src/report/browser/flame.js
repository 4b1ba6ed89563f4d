// An interactive flame graph (root on top, callees below) of a tree built by src/report/flame-data.js:
// node {f: frame index or -1 for the root, v: total ms, s: self ms, c: children}. Hover shows the
// frame, its file:line and its total and self time; click zooms to a frame (click an ancestor to
// zoom out); search highlights matching frames and sums their time.

const ROW = 18;

/**
 * @typedef {{f: number, v: number, s: number, c: FlameNode[]}} FlameNode
 * @typedef {{name: string, url: string, line: number, kind: string}} FrameInfo
 */

/**
 * @param {HTMLElement} root @param {FrameInfo[]} frames @param {(text: string) => void} onInfo
 */
function createFlame(root, frames, onInfo) {
  /** @type {FlameNode | null} */
  let tree = null;
  /** @type {FlameNode | null} */
  let focus = null;
  let label = '';
  let query = '';
  /** @type {Map<FlameNode, FlameNode>} */
  let parents = new Map();

  /** @param {FlameNode} n */
  const nameOf = (n) => (n.f < 0 ? `all: ${fmtMs(n.v)}` : frames[n.f].name);
  /** @param {FlameNode} n */
  const matches = (n) => {
    if (!query || n.f < 0) return false;
    const fr = frames[n.f];
    return fr.name.toLowerCase().includes(query) || fr.url.toLowerCase().includes(query);
  };

  /** @param {FlameNode} n */
  function describe(n) {
    const total = tree ? tree.v : 0;
    const share = total > 0 ? ` (${((n.v / total) * 100).toFixed(1)}%)` : '';
    if (n.f < 0) return `${label}\ntotal ${fmtMs(n.v)}`;
    const fr = frames[n.f];
    return `${fr.name}\n${frameLocation(fr)}\n${/** @type {Record<string, string>} */ (KIND_NAMES)[fr.kind] ?? fr.kind} · total ${fmtMs(n.v)}${share} · self ${fmtMs(n.s)}`;
  }

  function draw() {
    if (!tree || !focus) {
      root.replaceChildren(h('p', { class: 'muted', text: 'No samples for this graph.' }));
      return;
    }
    const width = Math.max(640, root.clientWidth || 960);
    const chain = [];
    for (let n = /** @type {FlameNode | undefined} */ (focus); n; n = parents.get(n)) chain.unshift(n);
    const el = svg('svg', { width, role: 'img', 'aria-label': 'flame graph' });
    let deepest = 0;
    /** @param {FlameNode} n @param {number} x @param {number} w @param {number} depth */
    const frame = (n, x, w, depth) => {
      deepest = Math.max(deepest, depth);
      const kind = n.f < 0 ? 'native' : frames[n.f].kind;
      const g = svg('g', { class: `frame${matches(n) ? ' match' : ''}${depth < chain.length - 1 ? ' dim' : ''}`, 'data-kind': kind });
      const rect = svg('rect', { x: x.toFixed(2), y: depth * ROW, width: Math.max(0.5, w - 0.5).toFixed(2), height: ROW - 1, fill: n.f < 0 ? '#c9ced4' : frameColor(kind, frames[n.f].name) });
      g.append(rect);
      const chars = Math.floor((w - 6) / 6.6);
      if (chars >= 3) {
        const text = svg('text', { x: (x + 3).toFixed(2), y: depth * ROW + 13 });
        const name = nameOf(n);
        text.textContent = name.length > chars ? `${name.slice(0, chars - 1)}…` : name;
        g.append(text);
      }
      g.addEventListener('mousemove', (ev) => tooltip.show(/** @type {MouseEvent} */ (ev), describe(n)));
      g.addEventListener('mouseleave', () => tooltip.hide());
      g.addEventListener('click', () => { focus = n; tooltip.hide(); draw(); });
      el.append(g);
    };
    chain.forEach((n, depth) => { if (n !== focus) frame(n, 0, width, depth); });
    /** @param {FlameNode} n @param {number} x @param {number} w @param {number} depth */
    const layout = (n, x, w, depth) => {
      frame(n, x, w, depth);
      let cx = x;
      for (const c of n.c) {
        const cw = n.v > 0 ? (c.v / n.v) * w : 0;
        if (cw >= 0.3) layout(c, cx, cw, depth + 1);
        cx += cw;
      }
    };
    layout(focus, 0, width, chain.length - 1);
    const height = (deepest + 1) * ROW + 4;
    el.setAttribute('height', String(height));
    el.setAttribute('viewBox', `0 0 ${width} ${height}`);
    root.replaceChildren(el);
    info();
  }

  function info() {
    if (!tree) return onInfo('');
    let matched = 0;
    /** @param {FlameNode} n */
    const walk = (n) => { if (matches(n)) matched += n.v; else n.c.forEach(walk); };
    walk(tree);
    const zoom = focus && focus !== tree ? ` · zoomed to ${nameOf(focus)}` : '';
    onInfo(`${fmtMs(tree.v)} sampled${zoom}${query ? ` · "${query}" matched ${fmtMs(matched)} (${tree.v > 0 ? ((matched / tree.v) * 100).toFixed(1) : 0}%)` : ''}`);
  }

  return {
    /** @param {FlameNode | null} t @param {string} name @param {FrameInfo[]} [table] the frames of t, when other than before */
    show(t, name, table) {
      if (table) frames = table;
      tree = t;
      focus = t;
      label = name;
      parents = new Map();
      /** @param {FlameNode} n */
      const walk = (n) => n.c.forEach((c) => { parents.set(c, n); walk(c); });
      if (t) walk(t);
      draw();
    },
    /** @param {string} q */
    search(q) {
      query = q.trim().toLowerCase();
      draw();
    },
    reset() {
      focus = tree;
      draw();
    },
    redraw: draw,
  };
}
