// The packages inside a bundle built without a source map. esbuild's unminified output marks each
// module it inlines with a comment line of its path (`// node_modules/yaml/dist/public-api.js`), so
// a line of the bundle tells which package's code it is, though not that code's own line.

// a comment line that is only a module's path, as esbuild writes it
const REGION = /^\/\/ ((?:[\w.@+-]+\/)*[\w.@+-]+\.(?:[cm]?[jt]sx?|json))$/;
const PACKAGE = /(?:^|\/)node_modules\/((?:@[\w.-]+\/)?[\w.-]+)\//;

/**
 * @typedef {{line: number, module: string}} Region line: 0-based, where the module's code starts
 */

/**
 * The regions of a bundle, in line order; null when it is not one (fewer than two module comments,
 * or none of a package).
 * @param {string} text @returns {Region[] | null}
 */
export function bundleRegions(text) {
  if (!text.includes('\n// ')) return null;
  /** @type {Region[]} */
  const regions = [];
  let line = 0;
  for (let at = 0; at < text.length; line++) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    if (text.charCodeAt(at) === 47 && text.charCodeAt(at + 1) === 47) {
      const m = REGION.exec(text.slice(at, end).trimEnd());
      if (m) regions.push({ line, module: m[1] });
    }
    at = end + 1;
  }
  return regions.length >= 2 && regions.some((r) => PACKAGE.test(r.module)) ? regions : null;
}

/**
 * The package module a bundle's line (0-based) is in, as `node_modules/<package>/<file>`; null in the
 * app's own modules or before the first region.
 * @param {Region[]} regions @param {number} line
 */
export function packageModuleAt(regions, line) {
  let lo = 0;
  let hi = regions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (regions[mid].line <= line) lo = mid + 1;
    else hi = mid;
  }
  const module = lo > 0 ? regions[lo - 1].module : null;
  const at = module ? module.lastIndexOf('node_modules/') : -1;
  return module && at >= 0 && PACKAGE.test(module) ? module.slice(at) : null;
}
