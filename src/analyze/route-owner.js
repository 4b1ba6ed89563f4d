// One owner per route over a run. A block's owner is the one that held most of it, and a call shared
// near evenly by two owners (a zip package and zlib under it, a template's escaper and the framework
// sending its output, the app's loop and the hash it calls) names one in some blocks and the other in
// the rest. On a busy service a route blocks the same way each time: a block of a route whose owner
// is not the one most of that route's other blocks name is read again with that owner preferred, and
// takes it when it held three quarters of the top owner's time in this block or more (block-owners.js).
// The production agent reads a block as it comes: the owners of the blocks it read before (`earlier`,
// routeOwners of each call) count as the route's other blocks, and are not read again.
// Pure: the blocks are read again through `rereads`.

import { routeOfBlock } from './same-route.js';
import { ownerKey } from './block-owners.js';

/** At least this many other blocks of the route name the owner... */
const MIN_OTHERS = 2;
/** ...and at least this share of them. */
const AGREE_SHARE = 0.5;

/** @typedef {{route: string, key: string}} RouteOwner a block's route and its owner's key */

/**
 * The route and owner of each block that has both: what a later call's `earlier` counts.
 * @param {import('./attribution.js').AttributedBlock[]} blocks @param {Set<number>} [only] these blocks only
 * @returns {RouteOwner[]}
 */
export function routeOwners(blocks, only) {
  return blocks.flatMap((b, i) => {
    // its one route, or of several the one whose requests held half of it or more
    const route = routeOfBlock(b)?.route;
    const owner = b.culprit?.owner;
    return route && owner && (!only || only.has(i)) ? [{ route, key: ownerKey(owner) }] : [];
  });
}

/**
 * @param {import('./attribution.js').AttributedBlock[]} blocks changed in place through rereads
 * @param {Map<number, (prefer: string) => boolean>} rereads block i read again with an owner preferred:
 *   true when that owner names it now (the block was changed)
 * @param {RouteOwner[]} [earlier] the blocks read before these (a production log's): counted, not read again
 * @returns {Map<number, string>} the sentence each block read again adds to its advice
 */
export function ownersFromRoute(blocks, rereads, earlier = []) {
  /** @type {Map<string, {i: number, key: string, name: string}[]>} */
  const byRoute = new Map();
  blocks.forEach((b, i) => {
    const route = routeOfBlock(b)?.route;
    const owner = b.culprit?.owner;
    if (!route || !owner || !rereads.has(i)) return;
    byRoute.set(route, [...(byRoute.get(route) ?? []), { i, key: ownerKey(owner), name: nameOf(owner) }]);
  });
  /** @type {Map<number, string>} */
  const said = new Map();
  for (const [route, list] of byRoute) {
    const before = earlier.filter((e) => e.route === route);
    /** @type {Map<string, number>} */
    const count = new Map();
    for (const x of [...before, ...list]) count.set(x.key, (count.get(x.key) ?? 0) + 1);
    for (const x of list) {
      const others = before.length + list.length - 1;
      // the owner most of the route's other blocks name
      const ranked = [...count].map(([k, c]) => /** @type {[string, number]} */ ([k, c - (k === x.key ? 1 : 0)])).sort((a, b) => b[1] - a[1]);
      const [key, n] = ranked[0];
      // a tie names none
      if (key === x.key || n < MIN_OTHERS || n < AGREE_SHARE * others || ranked[1]?.[1] === n) continue;
      const reread = rereads.get(x.i);
      if (!reread || !reread(key)) continue;
      const owner = blocks[x.i].culprit?.owner;
      const name = owner ? nameOf(owner) : key;
      said.set(x.i, ` ${x.name} and ${name} held this block near evenly; ${n} of the ${others} other blocks of ${route} were held most by ${name}, so it is named here too.`);
    }
  }
  return said;
}

/** @param {import('./time-owners.js').Owner} o */
const nameOf = (o) => (o.kind === 'app' ? "the app's own code" : o.name);
