// How the report names who filled the thread pool: shared by the advice, the terminal, Markdown.
// Pure, no imports.

/**
 * Where a caller's requests came from, as the report says it: " at app.js:10"; " from archiver
 * (app.mjs:26 uses it)" when no app frame was on their stacks and the line is the app's use of the
 * package; " from koa-compress" when even that is unknown.
 * @param {import('./thread-pool.js').PoolCaller} c
 */
export function callerWhere(c) {
  if (c.url && c.lineFrom === 'source' && c.package) return ` from ${c.package} (${c.url}:${c.line} uses it)`;
  if (c.url) return ` at ${c.url}:${c.line}`;
  return c.package ? ` from ${c.package}` : '';
}
