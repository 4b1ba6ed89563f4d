// Boots the page from the JSON injected into #elp-data. With more than one event loop (data.loops)
// a loop is picked in the loops table or its list, and the blocks, call sites and flame graphs
// below are that loop's; the timeline stays the main thread's.

(function boot() {
  const dataEl = document.getElementById('elp-data');
  if (!dataEl) return;
  const data = JSON.parse(dataEl.textContent || '{}');
  const report = data.report;
  renderHeader(data);
  const noFlame = { source: null, frames: [], full: null, blocked: null, blocks: [] };
  /** @type {any[] | null} */
  const loops = Array.isArray(data.loops) && data.loops.length > 1 ? data.loops : null;
  /** What is shown of each loop: the main thread's is the page's own data. */
  const views = (loops ?? [{ kind: 'main' }]).map((/** @type {any} */ l) => (l.kind === 'main'
    ? { blocks: report.blocks ?? [], sites: data.sites ?? [], flame: data.flame ?? noFlame }
    : { blocks: l.blocks ?? [], sites: l.sites ?? [], flame: l.flame ?? noFlame }));
  const mainIndex = Math.max(0, (loops ?? []).findIndex((l) => l.kind === 'main'));
  let shown = views[mainIndex];
  const select = /** @type {HTMLSelectElement} */ (byId('flame-select'));
  const flame = createFlame(byId('flame'), shown.flame.frames, (text) => { byId('flame-info').textContent = text; });

  /** @type {{value: string, label: string, tree: any}[]} */
  let choices = [];
  /** @param {string} value */
  const showFlame = (value) => {
    const choice = choices.find((c) => c.value === value);
    select.value = value;
    flame.show(choice ? choice.tree : null, choice ? choice.label : '', shown.flame.frames ?? []);
  };
  /** The flame graphs of the loop shown: all samples, blocked only, one per block. */
  const flameChoices = () => {
    const f = shown.flame;
    choices = [];
    if (f.full) choices.push({ value: 'full', label: 'all samples (CPU profile)', tree: f.full });
    if (f.blocked) choices.push({ value: 'blocked', label: `blocked only: samples inside the ${shown.blocks.length} block(s)`, tree: f.blocked });
    for (const b of f.blocks ?? []) {
      const block = shown.blocks[b.block];
      choices.push({ value: `block-${b.block}`, label: `block ${b.block + 1}: ${fmtMs(block?.durationMs)} at ${fmtAt(block?.startMs ?? 0)}`, tree: b.tree });
    }
    select.replaceChildren(...choices.map((c) => h('option', { value: c.value, text: c.label })));
    if (!choices.length) {
      flame.show(null, '', f.frames ?? []);
      const why = f.source === null ? `No CPU profile and no block stacks${loops ? ' for this loop' : ' in this run'}.` : 'No samples.';
      byId('flame').replaceChildren(h('p', { class: 'muted', text: why }));
    } else showFlame(choices[0].value);
  };
  select.addEventListener('change', () => showFlame(select.value));
  byId('flame-search').addEventListener('input', (ev) => flame.search(/** @type {HTMLInputElement} */ (ev.target).value));
  byId('flame-reset').addEventListener('click', () => flame.reset());
  byId('flame-legend').replaceChildren(...Object.entries(KIND_NAMES).map(([kind, name]) => h('span', {}, [
    h('span', { class: 'kind', style: `background:${frameColor(kind, '')}` }), name,
  ])));

  const reportView = document.body.dataset.view !== 'flamegraph';
  /** @param {number} i */
  const selectBlock = (i) => {
    renderBlockDetail(shown, i, (j) => {
      showFlame(`block-${j}`);
      byId('flame').scrollIntoView();
    });
    if (shown === views[mainIndex]) highlightBlockMark(i);
  };
  /** Shows loop i below: its blocks, call sites and flame graphs. @param {number} i */
  const showLoop = (i) => {
    shown = views[i] ?? views[mainIndex];
    markLoop(loops, i);
    flameChoices();
    if (!reportView) return;
    renderBlocks(shown, selectBlock);
    renderSites(shown);
  };
  renderLoops(loops, showLoop);
  showLoop(mainIndex);
  if (!reportView) return;
  renderBudgets(data);
  renderTables(report, loops);
  renderTimeline(byId('timeline'), report, (i) => {
    if (shown !== views[mainIndex]) showLoop(mainIndex);
    selectBlock(i);
  });
  renderPool(report);
  renderNotes(report);
  renderFiles(report, loops);
})();
