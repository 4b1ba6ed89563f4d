// Which of the production agent's stack captures belongs to a block: the one that saw most of it.
// Blocks back to back (slow requests served one after the other) each have their own capture, and
// the capture of the block before ends a few ms into the next one (it stops once the loop turned):
// the first capture that overlaps would pair the next block with its neighbour's stacks.

/**
 * @template {{from: number, to: number}} C
 * @param {C[]} captures epoch ms spans @param {number} from @param {number} to the block's span
 * @returns {C | undefined}
 */
export function captureOf(captures, from, to) {
  /** @type {C | undefined} */
  let best;
  let most = 0;
  for (const c of captures) {
    const seen = Math.min(c.to, to) - Math.max(c.from, from);
    if (seen > most) {
      best = c;
      most = seen;
    }
  }
  return best;
}
