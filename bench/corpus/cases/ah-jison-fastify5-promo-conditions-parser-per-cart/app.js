// Fastify 5 (with @fastify/helmet, @fastify/cors and @fastify/sensible): a commerce platform's promotions engine.
// Merchants write promotion conditions in a small expression language ("cart.total >= 100 and customer.tier in
// [\"gold\"]"), parsed by a jison LALR(1) parser generated from the grammar below. /x evaluates the store's 12 active
// promotions against a cart, and the handler generates the parser (lexer, LALR tables and action code) from the
// grammar definition on every evaluation before parsing the 12 one-line conditions, although the grammar is a
// constant of the service.
'use strict';
const Fastify = require('fastify');
const helmet = require('@fastify/helmet');
const cors = require('@fastify/cors');
const sensible = require('@fastify/sensible');
const { Parser } = require('jison');

const PROMO_GRAMMAR = {
  lex: { rules: [
    ['\\s+', '/* skip */'], ['[0-9]+(?:\\.[0-9]+)?\\b', "return 'NUMBER';"], ['"[^"]*"', "yytext = yytext.slice(1, -1); return 'STRING';"],
    ['and\\b', "return 'AND';"], ['or\\b', "return 'OR';"], ['not\\b', "return 'NOT';"], ['in\\b', "return 'IN';"],
    ['true\\b', "return 'TRUE';"], ['contains\\b', "return 'CONTAINS';"], ['false\\b', "return 'FALSE';"], ['[A-Za-z_][A-Za-z0-9_.]*', "return 'IDENT';"],
    ['>=', "return '>=';"], ['<=', "return '<=';"], ['!=', "return '!=';"], ['==', "return '==';"], ['>', "return '>';"], ['<', "return '<';"],
    ['\\+', "return '+';"], ['-', "return '-';"], ['\\*', "return '*';"], ['\\/', "return '/';"], ['%', "return '%';"], ['\\(', "return '(';"],
    ['\\)', "return ')';"], ['\\[', "return '[';"], ['\\]', "return ']';"], [',', "return ',';"], ['\\?', "return '?';"], [':', "return ':';"], ['$', "return 'EOF';"],
  ] },
  operators: [['right', '?', ':'], ['left', 'OR'], ['left', 'AND'], ['right', 'NOT'], ['nonassoc', '==', '!=', '>', '<', '>=', '<=', 'IN', 'CONTAINS'],
    ['left', '+', '-'], ['left', '*', '/', '%'], ['right', 'UMINUS']],
  bnf: {
    rule: [['e EOF', 'return $1;']],
    e: [
      ['e ? e : e', '$$ = {op: "?", c: $1, t: $3, f: $5};'], ['e OR e', '$$ = {op: "or", a: $1, b: $3};'], ['e AND e', '$$ = {op: "and", a: $1, b: $3};'],
      ['NOT e', '$$ = {op: "not", a: $2};'], ['e == e', '$$ = {op: "==", a: $1, b: $3};'], ['e != e', '$$ = {op: "!=", a: $1, b: $3};'],
      ['e > e', '$$ = {op: ">", a: $1, b: $3};'], ['e < e', '$$ = {op: "<", a: $1, b: $3};'], ['e >= e', '$$ = {op: ">=", a: $1, b: $3};'],
      ['e <= e', '$$ = {op: "<=", a: $1, b: $3};'], ['e IN list', '$$ = {op: "in", a: $1, b: $3};'], ['e NOT IN list', '$$ = {op: "notin", a: $1, b: $4};'],
      ['e CONTAINS e', '$$ = {op: "contains", a: $1, b: $3};'],
      ['e + e', '$$ = {op: "+", a: $1, b: $3};'], ['e - e', '$$ = {op: "-", a: $1, b: $3};'], ['e * e', '$$ = {op: "*", a: $1, b: $3};'],
      ['e / e', '$$ = {op: "/", a: $1, b: $3};'], ['e % e', '$$ = {op: "%", a: $1, b: $3};'], ['- e', '$$ = {op: "neg", a: $2};', { prec: 'UMINUS' }],
      ['( e )', '$$ = $2;'], ['call', '$$ = $1;'], ['NUMBER', '$$ = Number(yytext);'], ['STRING', '$$ = yytext;'], ['TRUE', '$$ = true;'],
      ['FALSE', '$$ = false;'], ['IDENT', '$$ = {ref: yytext};'],
    ],
    call: [['IDENT ( args )', '$$ = {call: $1, args: $3};'], ['IDENT ( )', '$$ = {call: $1, args: []};']],
    args: [['e', '$$ = [$1];'], ['args , e', '$$ = $1.concat([$3]);']],
    list: [['[ items ]', '$$ = $2;'], ['[ ]', '$$ = [];']],
    items: [['e', '$$ = [$1];'], ['items , e', '$$ = $1.concat([$3]);']],
  },
};

const fns = { count: (xs) => xs.length, sum: (xs) => xs.reduce((a, b) => a + b, 0), lower: (s) => String(s).toLowerCase() };
function evaluate(n, ctx) {
  if (n === null || typeof n !== 'object') return n;
  if (Array.isArray(n)) return n.map((x) => evaluate(x, ctx));
  if (n.ref) return n.ref.split('.').reduce((o, k) => (o == null ? undefined : o[k]), ctx);
  if (n.call) return fns[n.call](...n.args.map((a) => evaluate(a, ctx)));
  const a = evaluate(n.a, ctx), b = () => evaluate(n.b, ctx);
  switch (n.op) {
    case '?': return evaluate(n.c, ctx) ? evaluate(n.t, ctx) : evaluate(n.f, ctx);
    case 'or': return a || b(); case 'and': return a && b(); case 'not': return !a; case 'neg': return -a;
    case '==': return a === b(); case '!=': return a !== b(); case '>': return a > b(); case '<': return a < b();
    case '>=': return a >= b(); case '<=': return a <= b(); case 'in': return b().includes(a); case 'notin': return !b().includes(a);
    case 'contains': return a.includes(b());
    case '+': return a + b(); case '-': return a - b(); case '*': return a * b(); case '/': return a / b(); case '%': return a % b();
    default: throw new Error(`unknown op ${n.op}`);
  }
}
const promotions = Array.from({ length: 12 }, (_, i) => ({
  id: `promo_${i}`, discountPct: 5 + i,
  condition: [`cart.total >= ${50 + i * 25} and customer.tier in ["gold", "platinum"]`, `count(cart.items) > ${i % 4} and not (region == "eu" and cart.total < 30)`,
    `customer.orders % 10 == 0 or lower(customer.segment) == "vip" or customer.email contains "@example."`][i % 3],
}));
const cart = { total: 184.5, items: [{ sku: 'A-1', qty: 2 }, { sku: 'B-7', qty: 1 }, { sku: 'C-3', qty: 4 }] };
const customer = { tier: 'gold', orders: 30, segment: 'VIP', email: 'lea@example.com' };

async function main() {
  const app = Fastify({ logger: false });
  await app.register(helmet);
  await app.register(cors, { origin: 'https://shop.example.com' });
  await app.register(sensible);
  app.get('/health', async () => ({ ok: true }));
  app.get('/x', async () => {
    const parser = new Parser(PROMO_GRAMMAR);
    const ctx = { cart, customer, region: 'eu' };
    const applied = promotions.filter((p) => evaluate(parser.parse(p.condition), ctx)).map((p) => ({ id: p.id, discountPct: p.discountPct }));
    return { cart: 'c_771', evaluated: promotions.length, applied };
  });
  await app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
}
main();
