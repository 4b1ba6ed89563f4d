// Express 4: a mortgage broker's comparison page. /x shows a customer's 26 loan offers side by side, each
// with its monthly payment and the interest paid over a 15, 20, 25 and 30-year term, computed to the cent
// with bignumber.js as the compliance team asked (annuity formula, no floating point). The offers go through
// neo-async's mapLimit because quote() used to fetch each lender's rate table first; the rates now come with
// the offers, so every iteratee calls back synchronously. The offers are made at start-up.
'use strict';
const express = require('express');
const neoAsync = require('neo-async');
const BigNumber = require('bignumber.js');

const Money = BigNumber.clone({ DECIMAL_PLACES: 20, ROUNDING_MODE: BigNumber.ROUND_HALF_EVEN });
const TERMS = [15, 20, 25, 30];

function monthlyPayment(principal, rate, months) {
  return principal.times(rate).div(new Money(1).minus(rate.plus(1).pow(-months))).dp(2);
}

function quote(offer) {
  const principal = new Money(offer.principal);
  const rate = new Money(offer.apr).div(1200);
  const terms = TERMS.map((years) => {
    const payment = monthlyPayment(principal, rate, years * 12);
    return { years, payment: payment.toFixed(2), interest: payment.times(years * 12).minus(principal).toFixed(2) };
  });
  return { lender: offer.lender, apr: offer.apr, terms };
}

const offers = Array.from({ length: 26 }, (_, i) => ({
  lender: `Lender ${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26) || ''}`,
  principal: String(240000 + (i % 5) * 5000), apr: (2.9 + (i % 15) * 0.125).toFixed(3),
}));

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/x', (req, res, next) => {
  neoAsync.mapLimit(offers, 4, (offer, done) => done(null, quote(offer)), (err, quotes) => {
    if (err) return next(err);
    res.json({ customer: 'C-20931', offers: quotes });
  });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
