// Fastify 5: the back office of a consumer-lending company, two slow pages.
// /portfolio/schedule shows a broker's loan book: the amortisation schedule of each of its 480 loans (30 years of
// monthly instalments), computed with big.js (decimal arithmetic, as finance teams insist) on every view, though a
// schedule changes only when a loan's rate is reset. /reviews/mood scores the 30,000 customer reviews of the
// quarter (made at start-up) with sentiment's AFINN analyser on every dashboard load, though a review never changes
// once written.
'use strict';
const fastify = require('fastify')({ logger: false });
const Big = require('big.js');
const Sentiment = require('sentiment');

const loans = Array.from({ length: 480 }, (_, i) => ({ id: `LN-${70000 + i}`, principal: 90000 + ((i * 7919) % 400000), annualRate: 0.029 + (i % 25) / 1000, months: 360 }));
const words = ['great', 'slow', 'helpful', 'terrible', 'fine', 'confusing', 'fast', 'friendly', 'awful', 'clear', 'late', 'happy', 'annoyed', 'fair', 'excellent'];
const reviews = Array.from({ length: 30000 }, (_, i) => ({ id: i, text: `The application was ${words[i % 15]} and the advisor was ${words[(i * 7) % 15]}. ` +
  `Payout took ${2 + (i % 9)} days, which I found ${words[(i * 11) % 15]}; the app is ${words[(i * 13) % 15]} but the fees are ${words[(i * 3) % 15]}. Would ${i % 4 ? '' : 'not '}recommend.` }));
const sentiment = new Sentiment();

function schedule(loan) {
  const r = new Big(loan.annualRate).div(12).round(12);
  const factor = new Big((1 + loan.annualRate / 12) ** loan.months);
  const payment = new Big(loan.principal).times(r).times(factor).div(factor.minus(1)).round(2);
  let balance = new Big(loan.principal);
  let interestTotal = new Big(0);
  for (let m = 1; m <= loan.months; m++) {
    const interest = balance.times(r).round(2);
    balance = balance.minus(payment.minus(interest));
    interestTotal = interestTotal.plus(interest);
  }
  return { id: loan.id, payment: payment.toFixed(2), interestTotal: interestTotal.toFixed(2), residual: balance.toFixed(2) };
}

fastify.get('/health', async () => 'ok');
fastify.get('/portfolio/schedule', async (req) => {
  const book = loans.map((loan) => schedule(loan));
  return { broker: req.query.broker || 'BR-118', loans: book.length, first: book.slice(0, 10) };
});
fastify.get('/reviews/mood', async () => {
  let positive = 0, negative = 0, total = 0;
  for (const review of reviews) {
    const { score } = sentiment.analyze(review.text);
    total += score;
    if (score > 0) positive++; else if (score < 0) negative++;
  }
  return { quarter: '2025-Q4', reviews: reviews.length, positive, negative, mean: total / reviews.length };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
