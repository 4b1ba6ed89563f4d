// Hono on @hono/node-server (secureHeaders, cors, etag, bodyLimit): a workflow-automation service. Tenants write
// automation scripts in a small rule language; /x lints a workspace's 24 saved scripts and returns each one's syntax
// errors and outline. The handler builds the Lezer LR parser from the language's grammar (a constant of the service)
// with @lezer/generator's buildParser on every lint, before parsing the 24 short scripts with it.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const { secureHeaders } = require('hono/secure-headers');
const { cors } = require('hono/cors');
const { etag } = require('hono/etag');
const { bodyLimit } = require('hono/body-limit');
const { buildParser } = require('@lezer/generator');

const RULES_GRAMMAR = String.raw`
@top Script { statement* }
@precedence { else @right, member, call, prefix @right, times @left, plus @left, cmp @left, and @left, or @left }
statement { RuleDecl | LetDecl | IfStatement | ReturnStatement | Block | ExpressionStatement }
RuleDecl { kw<"rule"> VariableName ParamList? Block }
LetDecl { kw<"let"> VariableName (":" Type)? "=" expression ";" }
IfStatement { kw<"if"> ParenExpr statement (!else kw<"else"> statement)? }
ReturnStatement { kw<"return"> expression? ";" }
Block { "{" statement* "}" }
ExpressionStatement { expression ";" }
ParamList { "(" commaSep<VariableName (":" Type)?> ")" }
Type { TypeName ("[" "]")* }
ParenExpr { "(" expression ")" }
expression[@isGroup=Expression] {
  Number | String | kw<"true"> | kw<"false"> | kw<"null"> | VariableName | ParenExpr | ArrayExpression | ObjectExpression |
  UnaryExpression | BinaryExpression | MemberExpression | CallExpression
}
ArrayExpression { "[" commaSep<expression> "]" }
ObjectExpression { "#{" commaSep<Property> "}" }
Property { (PropertyName | String) ":" expression }
UnaryExpression { !prefix (kw<"not"> | "-" | "!") expression }
BinaryExpression {
  expression !times ("*" | "/" | "%") expression | expression !plus ("+" | "-") expression |
  expression !cmp (CompareOp | kw<"in">) expression | expression !and (kw<"and"> | "&&") expression | expression !or (kw<"or"> | "||" | "??") expression
}
MemberExpression { expression !member ("." PropertyName | "?." PropertyName | "[" expression "]") }
CallExpression { expression !call ArgList }
ArgList { "(" commaSep<expression> ")" }
commaSep<x> { (x ("," x)*)? }
kw<term> { @specialize[@name={term}]<identifier, term> }
VariableName { identifier }
PropertyName { identifier }
TypeName { identifier }
@skip { space | Comment }
@tokens {
  identifier { $[a-zA-Z_$] $[a-zA-Z_$0-9]* }
  Number { @digit+ ("." @digit+)? (("e" | "E") ("+" | "-")? @digit+)? | "0x" $[0-9a-fA-F]+ }
  String { '"' (!["\\\n] | "\\" _)* '"' | "'" (!['\\\n] | "\\" _)* "'" }
  Comment { "//" ![\n]* | "/*" ($[*]* ![*/])* $[*]+ "/" }
  CompareOp { "==" | "!=" | "<" | ">" | "<=" | ">=" | "===" | "!==" }
  space { @whitespace+ }
  @precedence { Comment, "/" }
  "#{" "?." "??" "&&" "||" "(" ")" "[" "]" "{" "}" "," ";" ":" "." "?" "=" "+" "-" "*" "/" "%" "!"
}
@detectDelim
`;

const scripts = Array.from({ length: 24 }, (_, i) => ({
  id: `auto_${i}`,
  source: `// ${['escalate', 'tag', 'notify'][i % 3]} ${i}\nrule on_ticket(t: Ticket, ctx: Map) {\n  let score: Number = t.priority * ${i + 2} + ctx.get("sla") ?? 0;\n` +
    `  if (score > ${40 + i} and t.tags.length < 5) { t.assign("tier-2"); return #{ level: "high", score: score }; }\n  if (t.tags[0] in ["vip", "legal"]) ctx.set(t.tags[0], 1);\n` +
    (i % 7 === 3 ? '  return score >;\n}\n' : '  return null;\n}\n'),
}));

function lint(parser, src) {
  const tree = parser.parse(src), errors = [], rules = [];
  tree.iterate({ enter(n) {
    if (n.type.isError) errors.push({ from: n.from, line: src.slice(0, n.from).split('\n').length });
    if (n.name === 'RuleDecl') rules.push(src.slice(n.from, n.to).match(/rule\s+(\w+)/)[1]);
  } });
  return { errors, rules };
}

const app = new Hono();
app.use('*', secureHeaders());
app.use('*', cors({ origin: 'https://automations.example.com' }));
app.use('*', etag());
app.use('*', bodyLimit({ maxSize: 64 * 1024 }));
app.get('/health', (c) => c.json({ ok: true }));
app.get('/x', (c) => {
  const parser = buildParser(RULES_GRAMMAR);
  const results = scripts.map((s) => ({ id: s.id, ...lint(parser, s.source) }));
  return c.json({ workspace: 'ws_42', scripts: results.length, withErrors: results.filter((r) => r.errors.length).length, results });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
