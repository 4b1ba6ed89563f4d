// libuv's thread pool, when its jobs waited: how long, who filled it, and the advice.

/** @param {any} report */
function renderPool(report) {
  const pool = report.threadPool;
  if (!pool || !(pool.saturated || pool.waitP90Ms >= report.run.thresholdMs / 2)) return;
  byId('pool-section').hidden = false;
  const parts = [
    table(['status', 'threads', 'cores', 'job wait p50', 'p90', 'p99', 'max', 'other threads CPU'], [[
      { text: pool.saturated ? 'saturated' : 'busy', cls: pool.saturated ? 'bad' : 'text' }, String(pool.size), pool.cores === null ? '-' : String(pool.cores),
      fmtMs(pool.waitP50Ms), fmtMs(pool.waitP90Ms), fmtMs(pool.waitP99Ms), fmtMs(pool.waitMaxMs), pool.otherThreadsCores === null ? '-' : `${pool.otherThreadsCores} cores`,
    ]]),
  ];
  if (pool.callers?.length) {
    parts.push(table(['filled by', 'requests seen', 'share of its time'], pool.callers.slice(0, 5).map((/** @type {any} */ k) => [
      { text: `${k.api}${k.url && k.lineFrom === 'source' && k.package ? ` from ${k.package} (${k.url}:${k.line} uses it)` : k.url ? ` at ${k.url}:${k.line}` : k.package ? ` from ${k.package}` : ''}`, cls: 'text' }, String(k.count), fmtPct(k.share),
    ])));
  }
  if (pool.advice) parts.push(h('div', { class: 'advice', text: `advice: ${pool.advice}` }));
  byId('pool').replaceChildren(...parts);
}
