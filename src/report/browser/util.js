// Browser side of report.html and flamegraph.html (plain scripts, inlined in order: util, tables,
// timeline, flame, main). Type-checked by tsconfig.browser.json with the DOM library.

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * An HTML element with attributes and children (strings become text: never parsed as HTML).
 * @param {string} tag @param {Record<string, any>} [attrs] @param {(Node | string | null | undefined)[]} [children]
 * @returns {HTMLElement}
 */
function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
}

/** An SVG element. @param {string} tag @param {Record<string, any>} [attrs] @returns {SVGElement} */
function svg(tag, attrs = {}) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  setAttrs(el, attrs);
  return el;
}

/** @param {Element} el @param {Record<string, any>} attrs */
function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'text') el.textContent = String(v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, String(v));
  }
}

/** @param {number | null | undefined} v */
function fmtMs(v) {
  if (v === null || v === undefined || !Number.isFinite(v)) return '-';
  if (v >= 1000) return `${(v / 1000).toFixed(2)} s`;
  if (v >= 100) return `${Math.round(v)} ms`;
  if (v >= 10) return `${v.toFixed(1)} ms`;
  return `${v.toFixed(2)} ms`;
}

/** A time from the start of the measured window: +1.20 s, or -49.9 ms for a block that began before it. @param {number} v */
function fmtAt(v) {
  return v < 0 ? `-${fmtMs(-v)}` : `+${fmtMs(v)}`;
}

/** @param {number | null | undefined} v fraction 0..1 */
function fmtPct(v) {
  return v === null || v === undefined ? '-' : `${(v * 100).toFixed(1)}%`;
}

/** @param {number | null | undefined} n */
function fmtInt(n) {
  return n === null || n === undefined ? '-' : Math.round(n).toLocaleString('en-US');
}

/** @param {string} id @returns {HTMLElement} */
function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`report page: #${id} missing`);
  return el;
}

/**
 * A table: head and rows of cells; a cell is a string or {text, cls}.
 * @param {string[]} head @param {(string | {text: string, cls?: string})[][]} rows
 * @param {{onRow?: (i: number, tr: HTMLElement) => void}} [opts]
 */
function table(head, rows, opts = {}) {
  const thead = h('thead', {}, [h('tr', {}, head.map((c) => h('th', { text: c })))]);
  const tbody = h('tbody', {}, rows.map((r, i) => {
    const tr = h('tr', opts.onRow ? { class: 'clickable', 'data-row': i, tabindex: 0 } : {}, r.map((c) => (
      typeof c === 'string' ? h('td', { text: c }) : h('td', { text: c.text, class: c.cls }))));
    if (opts.onRow) {
      const onRow = opts.onRow;
      tr.addEventListener('click', () => onRow(i, tr));
      tr.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); onRow(i, tr); } });
    }
    return tr;
  }));
  return h('table', {}, [thead, tbody]);
}

const KIND_COLORS = { app: [18, 85, 62], node_modules: [42, 80, 60], node: [140, 45, 62], native: [210, 25, 72], gc: [280, 45, 72] };
const KIND_NAMES = { app: 'your code', node_modules: 'node_modules', node: 'Node internals', native: 'native / V8', gc: 'GC' };

/** A colour for a frame: its kind's hue, the lightness varied by its name. @param {string} kind @param {string} name */
function frameColor(kind, name) {
  const [hue, sat, light] = /** @type {Record<string, number[]>} */ (KIND_COLORS)[kind] ?? KIND_COLORS.native;
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (hash * 31 + name.charCodeAt(i)) | 0;
  return `hsl(${hue + (Math.abs(hash) % 14) - 7}, ${sat}%, ${light + (Math.abs(hash >> 4) % 12) - 6}%)`;
}

/** @param {{name: string, url: string, line: number}} frame */
function frameLocation(frame) {
  if (!frame.url) return '(native)';
  const url = frame.url.startsWith('file://') ? decodeURIComponent(frame.url.slice(7)) : frame.url;
  return frame.line ? `${url}:${frame.line}` : url;
}

const tooltip = {
  /** @param {MouseEvent} ev @param {string} text */
  show(ev, text) {
    const el = byId('tooltip');
    el.textContent = text;
    el.hidden = false;
    const x = Math.min(ev.clientX + 14, window.innerWidth - el.offsetWidth - 8);
    el.style.left = `${Math.max(4, x)}px`;
    el.style.top = `${ev.clientY + 16}px`;
  },
  hide() {
    byId('tooltip').hidden = true;
  },
};
