// Polka: the replenishment service of a grocery chain. /stores/:id/forecast refits a store's hourly demand model on
// every call, a ridge regression on the last two years (17,520 hours x 48 features: hour of day, weekday, holiday,
// promotion, temperature) solved by the normal equations with ml-matrix, and predicts the next 168 hours for the
// order proposal. The history and its design matrix are made at start-up.
'use strict';
const polka = require('polka');
const { Matrix, solve } = require('ml-matrix');

const HOURS = 17520, P = 48;
function designRow(h) {
  const row = new Array(P).fill(0);
  row[0] = 1; row[1 + (h % 24)] = 1; row[25 + (Math.floor(h / 24) % 7)] = 1;
  row[32] = Math.floor(h / 24) % 61 === 0 ? 1 : 0; row[33] = Math.floor(h / 168) % 6 === 0 ? 1 : 0;
  row[34] = 12 + 10 * Math.sin((2 * Math.PI * h) / 8760); for (let k = 35; k < P; k++) row[k] = Math.sin((h * (k - 34)) / 500);
  return row;
}
const stores = new Map();
async function loadStores() {
  for (const [s, id] of ['S-0412', 'S-0415', 'S-0520'].entries()) {
    await new Promise((resolve) => setImmediate(resolve));
    const X = new Matrix(Array.from({ length: HOURS }, (_, h) => designRow(h)));
    const y = Matrix.columnVector(Array.from({ length: HOURS }, (_, h) => 40 + 25 * Math.sin((2 * Math.PI * (h % 24)) / 24) + (h % 7) * 3 + s * 5 + ((h * 7919) % 13)));
    stores.set(id, { id, X, y });
  }
}

function fitRidge(X, y, lambda) {
  const Xt = X.transpose();
  const XtX = Xt.mmul(X);
  for (let j = 1; j < XtX.rows; j++) XtX.set(j, j, XtX.get(j, j) + lambda);
  return solve(XtX, Xt.mmul(y));
}

const app = polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/stores/:id/forecast', (req, res) => {
    const store = stores.get(req.params.id);
    const beta = fitRidge(store.X, store.y, 0.8);
    const next = new Matrix(Array.from({ length: 168 }, (_, k) => designRow(HOURS + k))).mmul(beta).getColumn(0);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ store: store.id, horizonHours: 168, units: next.map((v) => Math.max(0, Math.round(v))) }));
  });
loadStores().then(() => app.listen(Number(process.env.PORT) || 0, '127.0.0.1'));
