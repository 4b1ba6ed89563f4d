// The verdict, budgets, the terminal's tables, the blocks list, call sites and notes.

/** @param {any} data */
function renderHeader(data) {
  const report = data.report;
  // an app that failed to start has no verdict: the failure says what happened
  const failure = report.failure ?? null;
  const status = report.verdict?.status ?? (failure ? 'failed to start' : 'responsive');
  const badge = byId('status');
  badge.textContent = status;
  badge.className = `badge ${report.verdict ? status : failure ? 'failed' : status}`;
  byId('verdict-loop').textContent = data.verdictLoop ? `in ${data.verdictLoop} ·` : '';
  byId('title').textContent = `eventloop-probe: ${report.target?.script ?? ''}`;
  byId('run-line').textContent = `${data.runLine} · started ${report.run?.startedAt ?? '-'}`;
  byId('reasons').replaceChildren(
    ...(failure ? [h('li', { class: 'finding', text: failure.message }), ...(failure.error ? [h('li', { text: `${failure.error.line}${failure.error.frame ? ` in ${failure.error.frame}` : ''}` })] : [])] : []),
    ...(report.verdict?.reasons ?? []).map((/** @type {string} */ r) => h('li', { text: r })),
    ...(report.findings ?? []).map((/** @type {any} */ f) => h('li', { class: 'finding', text: `finding: ${f.text}` })),
  );
}

/** @param {any} data */
function renderBudgets(data) {
  const budgets = data.budgets ?? [];
  if (!budgets.length) return;
  byId('budgets-section').hidden = false;
  byId('budgets').replaceChildren(table(['budget', 'field', 'actual', 'fails when', 'result'], budgets.map((/** @type {any} */ b) => [
    b.expr, b.path, b.actualText, `${b.op} ${b.limitText}`, { text: b.ok ? 'ok' : 'FAILED', cls: b.ok ? 'ok' : 'bad' },
  ])));
}

/** @param {any} report @param {any[] | null} loops one row each in the loops table instead of the thread rows */
function renderTables(report, loops) {
  const T = report.run?.thresholdMs ?? 50;
  /** @param {number} v */
  const lagCell = (v) => ({ text: fmtMs(v), cls: v >= T ? 'bad' : '' });
  const lag = report.lag ?? {};
  const b = report.blocking ?? {};
  const parts = [
    table(['event-loop delay', 'min', 'mean', 'p50', 'p90', 'p99', 'max', 'samples'],
      [['lag', ...[lag.minMs, lag.meanMs, lag.p50Ms, lag.p90Ms, lag.p99Ms, lag.maxMs].map(lagCell), fmtInt(lag.samples)]]),
    table(['loop', 'ELU mean', 'ELU max', 'CPU', 'GC', 'GC max', 'RSS max', 'blocks', 'blocked', 'longest'], [[
      'process', fmtPct(report.elu?.mean), fmtPct(report.elu?.max), `${Number(report.cpu?.percent ?? 0).toFixed(1)}%`,
      `${fmtInt(report.gc?.count)} / ${fmtMs(report.gc?.totalMs)}`, fmtMs(report.gc?.maxMs), `${report.memory?.rssMaxMb ?? '-'} MB`,
      { text: fmtInt(b.count), cls: b.count ? 'bad' : '' }, b.count ? `${fmtMs(b.totalMs)} (${fmtPct(b.fraction)})` : '-',
      { text: b.count ? fmtMs(b.longestMs) : '-', cls: b.count ? 'bad' : '' },
    ]]),
  ];
  const threads = !loops && Array.isArray(report.threads) ? report.threads : [];
  if (threads.length) {
    parts.push(table(['thread', 'ELU mean', 'lag p50', 'lag p99', 'lag max', 'blocks', 'blocked', 'longest'], threads.map((/** @type {any} */ t) => [
      `thread ${t.threadId}`, fmtPct(t.elu?.mean), fmtMs(t.lag?.p50Ms), lagCell(t.lag?.p99Ms), fmtMs(t.lag?.maxMs),
      { text: fmtInt(t.blocking?.count ?? 0), cls: t.blocking?.count ? 'bad' : '' },
      t.blocking?.count ? `${fmtMs(t.blocking.totalMs)} (${fmtPct(t.blocking.fraction)})` : '-', t.blocking?.count ? fmtMs(t.blocking.longestMs) : '-',
    ])));
  }
  const rows = /** @type {[string, any][]} */ ([['probe', report.http?.probe], ['load', report.http?.load]]).filter(([, s]) => s);
  if (rows.length) {
    parts.push(table(['http', 'requests', 'req/s', 'p50', 'p90', 'p99', 'max', 'errors', 'timeouts'], rows.map(([name, s]) => [
      name, fmtInt(s.requests), Number(s.rps).toFixed(1), fmtMs(s.p50Ms), fmtMs(s.p90Ms), lagCell(s.p99Ms), fmtMs(s.maxMs),
      { text: fmtInt(s.errors), cls: s.errors ? 'bad' : '' }, { text: fmtInt(s.timeouts), cls: s.timeouts ? 'bad' : '' },
    ])));
  }
  const routes = Array.isArray(report.routes) ? report.routes.slice(0, 20) : [];
  if (routes.length) {
    // what held each route's longest run, when a block of several routes named more than one culprit
    const held = routes.filter((/** @type {any} */ r) => r.blocks && r.heldBy).length >= 2;
    parts.push(table(['route', 'requests', 'p50', 'p99', 'max', 'errors', 'blocks', 'blocked while it ran', ...(held ? ['held by'] : [])], routes.map((/** @type {any} */ r) => [
      { text: r.route, cls: 'text' }, fmtInt(r.requests), fmtMs(r.p50Ms), fmtMs(r.p99Ms), fmtMs(r.maxMs), fmtInt(r.errors),
      { text: fmtInt(r.blocks), cls: r.blocks ? 'bad' : '' }, r.blocks ? fmtMs(r.blockedMs) : '-',
      ...(held ? [{ text: r.blocks && r.heldBy ? `${r.heldBy.label} (${r.heldBy.fix})` : '-', cls: 'text' }] : []),
    ])));
  }
  byId('tables').replaceChildren(...parts);
}

/**
 * The loops table (one row per event loop) and the loop selector; a row or the list picks the loop
 * shown below. Nothing without loops.
 * @param {any[] | null} loops @param {(i: number) => void} onSelect
 */
function renderLoops(loops, onSelect) {
  if (!loops) return;
  byId('loops-section').hidden = false;
  const T = /** @type {(string | {text: string, cls?: string})[][]} */ (loops.map((l) => l.cells.map((/** @type {string} */ c, /** @type {number} */ i) => (
    i === 7 ? { text: c, cls: `status ${l.status ?? ''}` } : (i === 4 || i === 6) && l.blocked ? { text: c, cls: 'bad' } : i === 0 ? { text: c, cls: 'text' } : c))));
  byId('loops').replaceChildren(table(['loop', 'lag p99', 'lag max', 'ELU', 'blocks', 'blocked', 'longest', 'verdict'], T, { onRow: (i) => onSelect(i) }));
  const select = /** @type {HTMLSelectElement} */ (byId('loop-select'));
  select.replaceChildren(...loops.map((l, i) => h('option', { value: String(i), text: `${l.label} (${l.status ?? '-'})` })));
  select.addEventListener('change', () => onSelect(Number(select.value)));
}

/** Marks the loop shown below in the loops table, the selector and the headings. @param {any[] | null} loops @param {number} i */
function markLoop(loops, i) {
  if (!loops) return;
  /** @type {HTMLSelectElement} */ (byId('loop-select')).value = String(i);
  document.querySelectorAll('#loops tr.selected').forEach((tr) => tr.classList.remove('selected'));
  document.querySelector(`#loops tr[data-row="${i}"]`)?.classList.add('selected');
  document.querySelectorAll('.loop-of').forEach((el) => { el.textContent = `: ${loops[i].label}`; });
}

/** The culprit as the analysis labelled it. @param {any} block */
function runningFrame(block) {
  return block.culpritLabel ?? '-';
}

/** @param {any} block */
const gcCell = (block) => (typeof block.gcShare === 'number' && block.gcShare > 0 ? fmtPct(block.gcShare) : '-');

/** @param {{blocks: any[]}} shown the loop shown: its blocks @param {(i: number) => void} onSelect */
function renderBlocks(shown, onSelect) {
  byId('block-detail').hidden = true;
  const blocks = shown.blocks ?? [];
  if (!blocks.length) {
    byId('blocks').replaceChildren(h('p', { class: 'muted', text: 'No block: the loop never stalled for the threshold or longer.' }));
    return;
  }
  byId('blocks').replaceChildren(table(['#', 'start', 'duration', 'culprit ← called at', 'request', 'phase', 'cause', 'GC'], blocks.map((/** @type {any} */ b, /** @type {number} */ i) => [
    String(i + 1), fmtAt(b.startMs), { text: `${fmtMs(b.durationMs)}${b.ongoing ? ' (still running)' : ''}`, cls: 'bad' },
    { text: runningFrame(b), cls: 'text' }, { text: b.requests?.label ?? '-', cls: 'text' }, b.phase ?? '-', { text: b.cause ?? '-', cls: 'text' }, gcCell(b),
  ]), { onRow: (i) => onSelect(i) }));
}

/** @param {{blocks: any[], flame: any}} shown the loop shown @param {number} i @param {(i: number) => void} showFlame */
function renderBlockDetail(shown, i, showFlame) {
  const b = shown.blocks[i];
  const el = byId('block-detail');
  el.hidden = false;
  const stack = Array.isArray(b.stack) ? b.stack : [];
  const hasTree = (shown.flame?.blocks ?? []).some((/** @type {any} */ t) => t.block === i);
  el.replaceChildren(...[
    h('strong', { text: `Block ${i + 1}: ${fmtMs(b.durationMs)} at ${fmtAt(b.startMs)}${b.ongoing ? ' (still running at the end)' : ''}` }),
    b.phase || b.cause ? h('div', { text: [b.phase && `phase: ${b.phase}`, b.cause && `cause: ${b.cause}`, gcCell(b) !== '-' && `GC: ${gcCell(b)} of the block`].filter(Boolean).join(' · ') }) : null,
    b.requests?.ran?.length ? h('div', { text: `requests: ${b.requests.ran.map((/** @type {any} */ r) => `${r.route}${r.count > 1 ? ` ×${r.count}, ~${fmtMs(r.msEach)} each` : ''}${r.culprit && r.culprit.label !== b.culprit?.label ? ` (held by ${r.culprit.label})` : ''}`).join('; ')}${b.requests.waited ? ` · ${b.requests.waited} other request(s) waited behind it (${fmtMs(b.requests.delayedMs)} of delay timed)` : ''}` }) : null,
    Array.isArray(b.owners) && b.owners.length ? h('div', { text: `time by owner: ${b.owners.slice(0, 5).map((/** @type {any} */ o) => `${o.name}${o.version ? `@${o.version}` : ''} ${fmtPct(o.share)}`).join(', ')}` }) : null,
    b.advice ? h('div', { class: 'advice', text: `advice: ${b.advice}` }) : null,
    stack.length
      ? h('ol', { class: 'stack' }, stack.map((/** @type {any} */ f) => h('li', {}, [
        h('span', { class: 'kind', style: `background:${frameColor(f.kind ?? 'native', f.functionName ?? '')}`, title: f.kind ?? '' }),
        `${f.functionName || '(anonymous)'}  ${frameLocation({ name: '', url: f.url ?? '', line: f.line ?? 0 })}${f.column ? `:${f.column}` : ''}  [${f.kind ?? '?'}]`,
      ])))
      : h('p', { class: 'muted', text: 'No stack was recorded for this block.' }),
    Array.isArray(b.samples) && b.samples.length ? h('div', { class: 'muted', text: `${b.samples.length} stack sample(s) taken during the block` }) : null,
    hasTree ? h('button', { type: 'button', id: 'block-flame', text: 'flame graph of this block', onclick: () => showFlame(i) }) : null,
  ].filter((c) => c !== null));
  document.querySelectorAll('#blocks tr.selected').forEach((tr) => tr.classList.remove('selected'));
  document.querySelector(`#blocks tr[data-row="${i}"]`)?.classList.add('selected');
}

/** @param {{sites: any[]}} shown the loop shown: its call sites */
function renderSites(shown) {
  const sites = shown.sites ?? [];
  byId('sites-section').hidden = !sites.length;
  if (!sites.length) return;
  byId('sites').replaceChildren(table(['function', 'location', 'blocked', 'blocks'], sites.map((/** @type {any} */ s) => [
    s.functionName, { text: frameLocation({ name: '', url: s.url, line: s.line ?? 0 }), cls: 'text' }, fmtMs(s.blockedMs), fmtInt(s.count),
  ])));
}

/** @param {any} report */
function renderNotes(report) {
  const notes = report.notes ?? [];
  if (!notes.length) return;
  byId('notes-section').hidden = false;
  byId('notes').replaceChildren(...notes.map((/** @type {string} */ n) => h('li', { text: n })));
}

/** What opens a file of the folder, for the kinds people reach for in other tools. */
const OPENS_IN = /** @type {Record<string, string>} */ ({
  profile: 'CPU profile: Chrome DevTools (Performance, Load profile) or speedscope',
  pprof: 'pprof: go tool pprof, Grafana Pyroscope, Datadog',
  benchmark: 'github-action-benchmark, customSmallerIsBetter',
  benchmarkBigger: 'github-action-benchmark, customBiggerIsBetter',
});

/**
 * Links to the other files of the report folder (0x's or clinic's HTML among them).
 * @param {any} report @param {any[] | null} loops to name the loop of each other loop's profile (`profile:<loop id>`)
 */
function renderFiles(report, loops) {
  /** @param {string} name */
  const opens = (name) => {
    const loop = name.startsWith('profile:') ? (loops ?? []).find((l) => `profile:${l.id}` === name) : null;
    return loop ? `CPU profile of ${loop.label}: ${OPENS_IN.profile.replace(/^CPU profile: /, '')}` : OPENS_IN[name] ?? name;
  };
  const entries = Object.entries(report.artifacts ?? {})
    .filter(([, file]) => typeof file === 'string' && /^[\w][\w.\/-]*$/.test(file) && !file.includes('..'));
  if (!entries.length) return;
  byId('files-section').hidden = false;
  byId('files').replaceChildren(...entries.map(([name, file]) => h('li', {}, [h('a', { href: file, text: file }), ` (${opens(name)})`])));
}
