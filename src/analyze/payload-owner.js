// When a block's JSON, not the package it went through, is the culprit: a package that sends a
// payload it serialised (express's res.json: JSON.stringify, then Buffer.from of the string, the
// ETag's hash, the socket write) spends its time on that payload.

/**
 * @typedef {import('./time-owners.js').SampleOwner} SampleOwner
 * @typedef {import('./block-samples.js').BlockSample} BlockSample
 * @typedef {{owner: import('./time-owners.js').Owner, ms: number, items: number[]}} Credited
 */

/**
 * JSON and what the conduit did with it in Node's own code, together this share of a block or more,
 * through the package that holds the rest: the payload is the culprit.
 */
const PAYLOAD_SHARE = 0.25;
/**
 * ...when JSON's calls ran this long on average (ms, its samples one after the other, collections
 * between them aside): one payload is one long call; a package that parses small strings of its
 * own with JSON.parse (faker's templates) makes many calls of microseconds, a sample or so apart.
 */
const PAYLOAD_RUN_MS = 25;

/**
 * How long the runs of one kind of owner's samples last on average: samples of that owner one after
 * the other make a run, a collection's samples between them neither end nor lengthen it.
 * @param {SampleOwner[]} owned in time order @param {number[]} weights ms each @param {string} kind
 */
function meanRunMs(owned, weights, kind) {
  let runs = 0;
  let ms = 0;
  let inRun = false;
  owned.forEach((o, i) => {
    if (o.owner.kind === 'gc') return;
    if (o.owner.kind !== kind) { inRun = false; return; }
    if (!inRun) runs++;
    inRun = true;
    ms += weights[i];
  });
  return runs ? ms / runs : 0;
}

/** A function's identity across samples. @param {{functionName: string, url: string}} f */
const fnKey = (f) => `${f.url}\0${f.functionName}`;

/**
 * The conduit's samples that moved the payload rather than ran its own code: Node's or V8's code at
 * the top (a buffer, a hash, a write), under the function of the conduit's that the app called, when
 * that function is on JSON's samples too (express's `json`, which stringifies, then sends). Without
 * them JSON's share of a 17 MB res.json was 0.12-0.35 on a crowded machine, the rest express's
 * Buffer.from, writev and ETag hash of the same string.
 * @param {Credited} conduit @param {Credited} json @param {SampleOwner[]} owned @param {BlockSample[]} samples
 * @param {number[]} weights
 */
function carriedMs(conduit, json, owned, samples, weights) {
  const onJson = new Set(json.items.flatMap((i) => samples[i].frames.map(fnKey)));
  let ms = 0;
  for (const i of conduit.items) {
    const leaf = samples[i].frames[0];
    const entry = owned[i].entry;
    if (leaf && (leaf.kind === 'node' || leaf.kind === 'native') && entry && onJson.has(fnKey(entry))) ms += weights[i];
  }
  return ms;
}

/**
 * JSON's credit, when the payload names the block: it went through the package that holds the most
 * time, and it and that package's handling of it in Node's code are a fair part of the block.
 * @template {Credited} C
 * @param {C[]} ranked the owners' credit, largest first @param {SampleOwner[]} owned
 * @param {BlockSample[]} samples @param {number[]} weights ms of each sample @param {number} total ms of all
 * @returns {C | null}
 */
export function payloadOwner(ranked, owned, samples, weights, total) {
  const top = ranked[0];
  const json = ranked.find((c) => c.owner.kind === 'json');
  if (!top || !json || top.owner.kind !== 'package') return null;
  const conduit = json.items.map((i) => owned[i].via?.name).find(Boolean);
  if (conduit !== top.owner.name) return null;
  if (meanRunMs(owned, weights, 'json') < PAYLOAD_RUN_MS) return null;
  return json.ms + carriedMs(top, json, owned, samples, weights) >= PAYLOAD_SHARE * (total || 1) ? json : null;
}
