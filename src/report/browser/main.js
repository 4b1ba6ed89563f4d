// Boots the page from the JSON injected into #elp-data.

(function boot() {
  const dataEl = document.getElementById('elp-data');
  if (!dataEl) return;
  const data = JSON.parse(dataEl.textContent || '{}');
  const report = data.report;
  renderHeader(data);
  const flameData = data.flame ?? { frames: [], full: null, blocked: null, blocks: [] };
  const select = /** @type {HTMLSelectElement} */ (byId('flame-select'));
  const flame = createFlame(byId('flame'), flameData.frames, (text) => { byId('flame-info').textContent = text; });

  /** @type {{value: string, label: string, tree: any}[]} */
  const choices = [];
  if (flameData.full) choices.push({ value: 'full', label: 'all samples (CPU profile)', tree: flameData.full });
  if (flameData.blocked) {
    choices.push({ value: 'blocked', label: `blocked only: samples inside the ${report.blocks?.length ?? 0} block(s)`, tree: flameData.blocked });
  }
  for (const b of flameData.blocks ?? []) {
    const block = report.blocks?.[b.block];
    choices.push({ value: `block-${b.block}`, label: `block ${b.block + 1}: ${fmtMs(block?.durationMs)} at ${fmtAt(block?.startMs ?? 0)}`, tree: b.tree });
  }
  select.replaceChildren(...choices.map((c) => h('option', { value: c.value, text: c.label })));
  /** @param {string} value */
  const showFlame = (value) => {
    const choice = choices.find((c) => c.value === value);
    select.value = value;
    flame.show(choice ? choice.tree : null, choice ? choice.label : '');
  };
  select.addEventListener('change', () => showFlame(select.value));
  byId('flame-search').addEventListener('input', (ev) => flame.search(/** @type {HTMLInputElement} */ (ev.target).value));
  byId('flame-reset').addEventListener('click', () => flame.reset());
  if (!choices.length) {
    const why = flameData.source === null ? 'No CPU profile and no block stacks in this run.' : 'No samples.';
    byId('flame').replaceChildren(h('p', { class: 'muted', text: why }));
  } else showFlame(choices[0].value);
  byId('flame-legend').replaceChildren(...Object.entries(KIND_NAMES).map(([kind, name]) => h('span', {}, [
    h('span', { class: 'kind', style: `background:${frameColor(kind, '')}` }), name,
  ])));

  if (document.body.dataset.view === 'flamegraph') return;
  renderBudgets(data);
  renderTables(report);
  /** @param {number} i */
  const selectBlock = (i) => {
    renderBlockDetail(data, i, (j) => {
      showFlame(`block-${j}`);
      byId('flame').scrollIntoView();
    });
    highlightBlockMark(i);
  };
  renderTimeline(byId('timeline'), report, selectBlock);
  renderBlocks(data, selectBlock);
  renderSites(data);
  renderNotes(report);
  renderFiles(report);
})();
