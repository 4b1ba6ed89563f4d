'use strict';
// Source maps that exist only in memory: a loader such as tsx compiles each file when it is
// loaded and registers the inline map with Node (process.setSourceMapsEnabled), but the CPU
// profile keeps the compiled positions and the file on disk has no map. Read at the end, once per
// file of the profile, with node:module's public findSourceMap; only the mappings travel.

const { findSourceMap } = require('node:module');

/**
 * The source maps Node holds for the app's files in a CPU profile, by the profile's url.
 * @param {{nodes: {callFrame: {url: string}}[]}} profile
 * @returns {Record<string, object>}
 */
function sourceMapsOf(profile) {
  /** @type {Record<string, object>} */
  const maps = {};
  const seen = new Set();
  for (const node of profile.nodes) {
    const url = node.callFrame.url;
    if (!url || seen.has(url) || !url.startsWith('file:') || /[\\/]node_modules[\\/]/.test(url)) continue;
    seen.add(url);
    let map;
    try {
      map = findSourceMap(url);
    } catch {
      map = undefined;
    }
    const payload = /** @type {any} */ (map && map.payload);
    if (payload && payload.mappings) maps[url] = { version: payload.version, sources: payload.sources, names: payload.names, mappings: payload.mappings, sourceRoot: payload.sourceRoot };
  }
  return maps;
}

module.exports = { sourceMapsOf };
