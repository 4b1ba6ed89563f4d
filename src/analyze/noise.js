// Whether a two-sided Mann-Whitney U test on runs of two sides can tell a change from the noise
// at all: with n1 and n2 runs the smallest p-value it can give is 2 / C(n1 + n2, n1) (every run of
// one side above every run of the other), so 3 runs against 3 can never reach p < 0.05 and 4
// against 4 can. Below that, the gate does not judge noisy metrics by the test. Pure.

/** @param {number} n1 @param {number} n2 @param {number} alpha */
export function testCanTell(n1, n2, alpha) {
  if (n1 < 2 || n2 < 2) return false;
  return smallestP(n1, n2) < alpha;
}

/** The smallest two-sided p-value of the exact test for samples of n1 and n2. @param {number} n1 @param {number} n2 */
export function smallestP(n1, n2) {
  let ways = 1; // C(n1 + n2, n1), built up without overflow for the sizes runs have
  for (let i = 1; i <= n1; i++) ways = (ways * (n2 + i)) / i;
  return Math.min(1, 2 / ways);
}

/** The fewest runs a side (the same on both) for the test to be able to tell at alpha. @param {number} alpha */
export function runsToTell(alpha) {
  let n = 2;
  while (!testCanTell(n, n, alpha)) n++;
  return n;
}
