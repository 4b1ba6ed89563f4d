// The timeline: four lanes over the measured window (event-loop delay, probe latency, req/s, CPU)
// drawn as SVG, with every block a clickable band across them.

const LANES = [
  { key: 'lagMaxMs', label: 'event-loop delay', unit: 'ms', color: '#c62828' },
  { key: 'probeMaxMs', label: 'probe latency', unit: 'ms', color: '#6a1b9a' },
  { key: 'rps', label: 'req/s', unit: '', color: '#1565c0' },
  { key: 'cpuPercent', label: 'CPU', unit: '%', color: '#2e7d32' },
];

/**
 * @param {HTMLElement} root @param {any} report @param {(i: number) => void} onSelect
 */
function renderTimeline(root, report, onSelect) {
  const points = report.timeline?.points ?? [];
  const windowMs = report.timeline?.windowMs ?? 100;
  const durationMs = Math.max(report.run?.durationMs ?? 0, points.length ? points[points.length - 1].tMs + windowMs : 0, 1);
  if (!points.length && !(report.blocks ?? []).length) {
    root.replaceChildren(h('p', { class: 'muted', text: 'No timeline data in this report.' }));
    return;
  }
  const width = Math.max(640, root.clientWidth || 960);
  const left = 130;
  const right = 12;
  const laneH = 64;
  const gap = 10;
  const top = 8;
  const height = top + LANES.length * (laneH + gap) + 22;
  const plotW = width - left - right;
  /** @param {number} t */
  const x = (t) => left + (Math.max(0, Math.min(t, durationMs)) / durationMs) * plotW;
  const el = svg('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': 'timeline' });

  LANES.forEach((lane, li) => {
    const y0 = top + li * (laneH + gap);
    const values = points.map((/** @type {any} */ p) => lane.key === 'rps' ? (typeof p.requests === 'number' ? p.requests / (windowMs / 1000) : null) : p[lane.key]);
    const present = values.filter((/** @type {any} */ v) => typeof v === 'number');
    const max = Math.max(1e-9, ...present);
    el.append(svg('line', { class: 'axis', x1: left, x2: width - right, y1: y0 + laneH, y2: y0 + laneH }));
    const label = svg('text', { class: 'lane-label', x: 4, y: y0 + 14 });
    label.textContent = lane.label;
    const peak = svg('text', { class: 'axis-text', x: 4, y: y0 + 28 });
    peak.textContent = !present.length ? 'no data' : `max ${lane.unit === 'ms' ? fmtMs(max) : `${Math.round(max)}${lane.unit}`}`;
    el.append(label, peak);
    let d = '';
    let pen = false;
    points.forEach((/** @type {any} */ p, /** @type {number} */ i) => {
      const v = values[i];
      if (typeof v !== 'number') { pen = false; return; }
      const px = x(p.tMs + windowMs / 2).toFixed(1);
      const py = (y0 + laneH - (v / max) * (laneH - 4)).toFixed(1);
      d += `${pen ? 'L' : 'M'}${px},${py}`;
      pen = true;
    });
    if (d) el.append(svg('path', { class: 'series', d, stroke: lane.color, 'data-lane': lane.key }));
  });

  const axisY = top + LANES.length * (laneH + gap) + 12;
  const ticks = 10;
  for (let i = 0; i <= ticks; i++) {
    const t = (durationMs * i) / ticks;
    const tick = svg('text', { class: 'axis-text', x: x(t), y: axisY, 'text-anchor': i === 0 ? 'start' : i === ticks ? 'end' : 'middle' });
    tick.textContent = `${(t / 1000).toFixed(durationMs < 10000 ? 1 : 0)} s`;
    el.append(tick);
  }

  (report.blocks ?? []).forEach((/** @type {any} */ b, /** @type {number} */ i) => {
    const bx = x(b.startMs);
    const bw = Math.max(3, x(b.startMs + b.durationMs) - bx);
    const mark = svg('rect', { class: 'block-mark', x: bx, y: top, width: bw, height: LANES.length * (laneH + gap) - gap, 'data-block': i });
    mark.addEventListener('click', () => onSelect(i));
    el.append(mark);
  });
  const cursor = svg('line', { class: 'axis', 'pointer-events': 'none', x1: 0, x2: 0, y1: top, y2: axisY - 10, visibility: 'hidden' });
  el.append(cursor);
  el.addEventListener('mousemove', (ev) => {
    const box = el.getBoundingClientRect();
    const px = ev.clientX - box.left;
    if (px < left || px > width - right) { cursor.setAttribute('visibility', 'hidden'); tooltip.hide(); return; }
    const t = ((px - left) / plotW) * durationMs;
    cursor.setAttribute('x1', String(px));
    cursor.setAttribute('x2', String(px));
    cursor.setAttribute('visibility', 'visible');
    tooltip.show(ev, readout(report, points, windowMs, t));
  });
  el.addEventListener('mouseleave', () => { cursor.setAttribute('visibility', 'hidden'); tooltip.hide(); });
  root.replaceChildren(el);
}

/**
 * What the timeline shows at time t (ms from the start): the window's values and the block there.
 * @param {any} report @param {any[]} points @param {number} windowMs @param {number} t
 */
function readout(report, points, windowMs, t) {
  const p = points.find((q) => t >= q.tMs && t < q.tMs + windowMs);
  const lines = [`+${(t / 1000).toFixed(2)} s`];
  if (p) {
    lines.push(`event-loop delay ${fmtMs(p.lagMaxMs)}`, `probe latency ${fmtMs(p.probeMaxMs)}`,
      `req/s ${typeof p.requests === 'number' ? Math.round(p.requests / (windowMs / 1000)) : '-'}`,
      `CPU ${typeof p.cpuPercent === 'number' ? `${Math.round(p.cpuPercent)}%` : '-'}`);
  }
  const i = (report.blocks ?? []).findIndex((/** @type {any} */ b) => t >= b.startMs && t <= b.startMs + b.durationMs);
  if (i >= 0) lines.push(`block ${i + 1}: ${fmtMs(report.blocks[i].durationMs)} (click for its stack)`);
  return lines.join('\n');
}

/** @param {number} i */
function highlightBlockMark(i) {
  document.querySelectorAll('.block-mark.selected').forEach((m) => m.classList.remove('selected'));
  document.querySelector(`.block-mark[data-block="${i}"]`)?.classList.add('selected');
}
