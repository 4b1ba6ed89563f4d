// Mann-Whitney U test (Wilcoxon rank-sum), two-sided: are two samples drawn from the same
// distribution? Exact p-value from the distribution of U when there are no ties and the samples
// are small; otherwise the normal approximation with tie and continuity corrections. Pure.

const EXACT_MAX = 50;

/**
 * @typedef {object} MannWhitney
 * @property {number} u1 U of the first sample (pairs where it is the larger, ties count half)
 * @property {number} u2 U of the second sample; u1 + u2 = n1 * n2
 * @property {number} u min(u1, u2)
 * @property {number} p two-sided p-value
 * @property {'exact' | 'normal'} method
 */

/**
 * @param {number[]} x
 * @param {number[]} y
 * @returns {MannWhitney}
 */
export function mannWhitneyU(x, y) {
  const n1 = x.length;
  const n2 = y.length;
  if (n1 === 0 || n2 === 0) throw new RangeError('mannWhitneyU needs two non-empty samples');
  const { ranks, tieGroups } = rank([...x, ...y]);
  let r1 = 0;
  for (let i = 0; i < n1; i++) r1 += ranks[i];
  const u1 = r1 - (n1 * (n1 + 1)) / 2;
  const u2 = n1 * n2 - u1;
  const u = Math.min(u1, u2);
  const ties = tieGroups.some((t) => t > 1);
  if (!ties && n1 <= EXACT_MAX && n2 <= EXACT_MAX) {
    return { u1, u2, u, p: Math.min(1, 2 * exactCdf(u, n1, n2)), method: 'exact' };
  }
  const n = n1 + n2;
  const tieTerm = tieGroups.reduce((sum, t) => sum + (t * t * t - t), 0) / (n * (n - 1));
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm);
  if (!(variance > 0)) return { u1, u2, u, p: 1, method: 'normal' };
  const z = Math.max(0, Math.abs(u1 - (n1 * n2) / 2) - 0.5) / Math.sqrt(variance);
  return { u1, u2, u, p: Math.min(1, 2 * (1 - normalCdf(z))), method: 'normal' };
}

/**
 * Average ranks (1-based) and the sizes of the groups of equal values.
 * @param {number[]} values
 */
export function rank(values) {
  const order = values.map((v, i) => i).sort((a, b) => values[a] - values[b]);
  const ranks = new Array(values.length).fill(0);
  /** @type {number[]} */
  const tieGroups = [];
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && values[order[j + 1]] === values[order[i]]) j++;
    const average = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) ranks[order[k]] = average;
    tieGroups.push(j - i + 1);
    i = j + 1;
  }
  return { ranks, tieGroups };
}

/**
 * P(U <= u) under the null hypothesis, no ties: the number of arrangements of n1 + n2 items with
 * U = k is the coefficient of q^k in the Gaussian binomial [n1+n2 choose n1]_q.
 * @param {number} u @param {number} n1 @param {number} n2
 */
export function exactCdf(u, n1, n2) {
  // counts[i][j] holds the polynomial for samples of sizes i and j (only j = n2 row kept rolling).
  /** @type {number[][]} */
  let prev = []; // row i-1: prev[j] is a coefficient array
  for (let i = 0; i <= n1; i++) {
    /** @type {number[][]} */
    const row = [];
    for (let j = 0; j <= n2; j++) {
      if (i === 0 || j === 0) {
        row.push([1]);
        continue;
      }
      // f(i, j, k) = f(i-1, j, k-j) + f(i, j-1, k): the largest item is in x (it beats all j of y) or in y
      const a = prev[j];
      const b = row[j - 1];
      const size = i * j + 1;
      const c = new Array(size).fill(0);
      for (let k = 0; k < a.length; k++) c[k + j] += a[k];
      for (let k = 0; k < b.length; k++) c[k] += b[k];
      row.push(c);
    }
    prev = row;
  }
  const dist = prev[n2];
  const total = dist.reduce((s, v) => s + v, 0);
  let below = 0;
  for (let k = 0; k <= Math.floor(u + 1e-9) && k < dist.length; k++) below += dist[k];
  return below / total;
}

/** Standard normal CDF (erf by Abramowitz and Stegun 7.1.26, error below 1.5e-7). @param {number} z */
export function normalCdf(z) {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
