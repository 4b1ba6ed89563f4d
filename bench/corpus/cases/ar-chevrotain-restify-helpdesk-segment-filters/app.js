// restify: the analytics API of a help desk. Teams save ticket segments in the desk's filter language
// (status in ["open", "pending"] and priority >= 3 ...); the team dashboard (/x) counts the tickets in each of the
// team's 40 saved segments. A tenant's custom fields are keywords of the language, so the app's compileSegment
// helper builds the chevrotain lexer and parser for the tenant's fields each time it is called, once per segment,
// and then parses the segment's text. Tickets, fields and segments are made at start-up.
'use strict';
const restify = require('restify');
const { createToken, Lexer, CstParser } = require('chevrotain');

function compileSegment(customFields, text) {
  const WS = createToken({ name: 'WS', pattern: /\s+/, group: Lexer.SKIPPED });
  const kw = (name, word) => createToken({ name, pattern: new RegExp(`${word}\\b`, 'i') });
  const And = kw('And', 'and'), Or = kw('Or', 'or'), Not = kw('Not', 'not'), In = kw('In', 'in'), Between = kw('Between', 'between'), Contains = kw('Contains', 'contains');
  const Field = createToken({ name: 'Field', pattern: new RegExp(`(?:${['status', 'priority', 'channel', 'tags', 'age_hours', ...customFields].join('|')})\\b`) });
  const Str = createToken({ name: 'Str', pattern: /"(?:[^"\\]|\\.)*"/ });
  const Num = createToken({ name: 'Num', pattern: /-?\d+(?:\.\d+)?/ });
  const Cmp = createToken({ name: 'Cmp', pattern: /<=|>=|!=|=|<|>/ });
  const LP = createToken({ name: 'LP', pattern: /\(/ }), RP = createToken({ name: 'RP', pattern: /\)/ });
  const LB = createToken({ name: 'LB', pattern: /\[/ }), RB = createToken({ name: 'RB', pattern: /\]/ }), Comma = createToken({ name: 'Comma', pattern: /,/ });
  const tokens = [WS, And, Or, Not, In, Between, Contains, Field, Str, Num, Cmp, LP, RP, LB, RB, Comma];

  class SegmentParser extends CstParser {
    constructor() {
      super(tokens);
      const $ = this;
      $.RULE('segment', () => { $.SUBRULE($.orExpr); });
      $.RULE('orExpr', () => { $.SUBRULE($.andExpr); $.MANY(() => { $.CONSUME(Or); $.SUBRULE2($.andExpr); }); });
      $.RULE('andExpr', () => { $.SUBRULE($.unary); $.MANY(() => { $.CONSUME(And); $.SUBRULE2($.unary); }); });
      $.RULE('unary', () => { $.OPTION(() => $.CONSUME(Not)); $.SUBRULE($.atom); });
      $.RULE('atom', () => { $.OR([{ ALT: () => { $.CONSUME(LP); $.SUBRULE($.orExpr); $.CONSUME(RP); } }, { ALT: () => $.SUBRULE($.predicate) }]); });
      $.RULE('predicate', () => {
        $.CONSUME(Field);
        $.OR([
          { ALT: () => { $.CONSUME(Cmp); $.SUBRULE($.value); } },
          { ALT: () => { $.CONSUME(In); $.SUBRULE($.list); } },
          { ALT: () => { $.CONSUME(Between); $.SUBRULE2($.value); $.CONSUME(And); $.SUBRULE3($.value); } },
          { ALT: () => { $.CONSUME(Contains); $.SUBRULE4($.value); } },
        ]);
      });
      $.RULE('list', () => { $.CONSUME(LB); $.MANY_SEP({ SEP: Comma, DEF: () => $.SUBRULE($.value) }); $.CONSUME(RB); });
      $.RULE('value', () => { $.OR([{ ALT: () => $.CONSUME(Str) }, { ALT: () => $.CONSUME(Num) }]); });
      this.performSelfAnalysis();
    }
  }

  const parser = new SegmentParser();
  parser.input = new Lexer(tokens).tokenize(text).tokens;
  const cst = parser.segment();
  if (parser.errors.length) throw new Error(`segment: ${parser.errors[0].message}`);
  return cst;
}

// evaluates the parse tree of a segment against one ticket
const tok = (n, k) => n.children[k] && n.children[k][0].image;
const val = (v) => (tok(v, 'Str') ? JSON.parse(tok(v, 'Str')) : Number(tok(v, 'Num')));
function evaluate(node, t) {
  const c = node.children;
  switch (node.name) {
    case 'segment': return evaluate(c.orExpr[0], t);
    case 'orExpr': return c.andExpr.some((n) => evaluate(n, t));
    case 'andExpr': return c.unary.every((n) => evaluate(n, t));
    case 'unary': return c.Not ? !evaluate(c.atom[0], t) : evaluate(c.atom[0], t);
    case 'atom': return c.orExpr ? evaluate(c.orExpr[0], t) : evaluate(c.predicate[0], t);
    default: {
      const v = t[tok(node, 'Field')];
      if (c.Cmp) { const w = val(c.value[0]); return { '=': v === w, '!=': v !== w, '<': v < w, '>': v > w, '<=': v <= w, '>=': v >= w }[tok(node, 'Cmp')]; }
      if (c.In) return (c.list[0].children.value || []).map(val).includes(v);
      if (c.Between) return v >= val(c.value[0]) && v <= val(c.value[1]);
      return Array.isArray(v) && v.includes(val(c.value[0]));
    }
  }
}

const tenant = { id: 'northwind-support', customFields: ['plan', 'region', 'csat', 'arr_k', 'product_area'] };
const tickets = Array.from({ length: 240 }, (_, i) => ({ id: 50000 + i, status: ['open', 'pending', 'solved', 'closed'][i % 4], priority: 1 + (i % 5), channel: ['email', 'chat', 'phone'][i % 3], tags: i % 6 ? ['billing'] : ['vip', 'billing'], age_hours: (i * 7) % 200, plan: ['free', 'team', 'enterprise'][i % 3], region: ['emea', 'amer', 'apac'][i % 3], csat: 1 + (i % 5), arr_k: (i * 13) % 400, product_area: ['api', 'billing', 'sso', 'reports'][i % 4] }));
const segments = Array.from({ length: 40 }, (_, i) => ({ id: `SEG-${i + 1}`, text: `status in ["open", "pending"] and (priority >= ${1 + (i % 4)} or tags contains "vip") and not region = "${['apac', 'amer', 'emea'][i % 3]}" and arr_k between ${i * 5} and ${200 + i * 5}${i % 2 ? ' and plan != "free"' : ''}` }));

const server = restify.createServer();
server.use(restify.plugins.queryParser());
server.get('/health', (req, res, next) => { res.send(200, 'ok'); next(); });
server.get('/x', (req, res, next) => {
  const counts = segments.map((s) => {
    const cst = compileSegment(tenant.customFields, s.text);
    return { segment: s.id, tickets: tickets.filter((t) => evaluate(cst, t)).length };
  });
  res.send({ tenant: tenant.id, counts });
  next();
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
