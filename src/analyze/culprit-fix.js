// One fix per culprit in a run. A block's fix is read from its own samples, and the shares that
// decide it (the promise machinery's, the compiler's, a regex's stretch) fall either side of their
// thresholds for the same call at the same line from one block to the next: most of all on a
// crowded machine, where the longest block is a starved one with few samples in it. The call is
// the same code in every block it held, so its fix is the one most of their samples say.

/**
 * @typedef {import('./remedies.js').Fix} Fix
 * @typedef {{label: string, fix: Fix | 'none', samples: number}} Vote one block's: its culprit's
 *   label (the function, its owner and the app line that called it), its own fix, and how many
 *   samples of the app's code it was read from
 * @typedef {{fix: Fix, blocks: number, samples: number}} Decided the fix most samples of a culprit's
 *   blocks said, over how many blocks and samples
 */

// fixes that belong to the block, not to the call: the start-up's, and none
const OWN = new Set(['none', 'startup']);

/**
 * The culprits whose blocks did not all read the same fix, each with the fix most of their samples
 * said (ties: the fix of more blocks, then the first block's).
 * @param {(Vote | null)[]} votes one per block, null for a block with no culprit to vote for
 * @returns {Map<string, Decided>} by label
 */
export function fixPerCulprit(votes) {
  /** @type {Map<string, Map<Fix, {samples: number, blocks: number}>>} */
  const byLabel = new Map();
  for (const v of votes) {
    if (!v || OWN.has(v.fix)) continue;
    const fixes = byLabel.get(v.label) ?? new Map();
    const f = fixes.get(/** @type {Fix} */ (v.fix)) ?? { samples: 0, blocks: 0 };
    f.samples += v.samples;
    f.blocks += 1;
    fixes.set(/** @type {Fix} */ (v.fix), f);
    byLabel.set(v.label, fixes);
  }
  /** @type {Map<string, Decided>} */
  const out = new Map();
  for (const [label, fixes] of byLabel) {
    if (fixes.size < 2) continue;
    let best = /** @type {[Fix, {samples: number, blocks: number}] | null} */ (null);
    for (const entry of fixes) {
      if (!best || entry[1].samples > best[1].samples || (entry[1].samples === best[1].samples && entry[1].blocks > best[1].blocks)) best = entry;
    }
    if (!best) continue;
    let blocks = 0;
    let samples = 0;
    for (const f of fixes.values()) { blocks += f.blocks; samples += f.samples; }
    out.set(label, { fix: best[0], blocks, samples });
  }
  return out;
}

/**
 * What a block's advice adds when the run's decision replaced its own fix.
 * @param {Decided} d @param {Fix | 'none'} own @param {number} samples the block's own
 */
export function decidedClause(d, own, samples) {
  return ` Fix decided over the ${d.blocks} blocks this call held in the run, by most of their ${d.samples} samples; this block's ${samples} alone read ${own}.`;
}
