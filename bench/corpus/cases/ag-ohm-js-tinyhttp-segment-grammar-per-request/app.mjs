// tinyhttp: a CRM's customer segments are written in a small query language ("plan = \"pro\" and seats >= 10
// order by mrr desc limit 50"), parsed with an Ohm grammar of ~90 rules. /x runs a saved segment: the handler
// calls ohm.grammar(SEGMENT_GRAMMAR) on every request, compiling the grammar source again before matching the
// segment's one-line query, although the grammar is a constant of the service.
import { App } from '@tinyhttp/app';
import * as ohm from 'ohm-js';

const SEGMENT_GRAMMAR = String.raw`
Segment {
  Query = Select? Where? GroupBy? OrderBy? Limit?
  Select = kw_select kw_distinct? NonemptyListOf<Projection, ","> (kw_from ident)?
  Projection = AddExpr (kw_as ident)?  -- expr
             | "*"  -- star
  Where = kw_where? OrExpr
  GroupBy = kw_group kw_by NonemptyListOf<AddExpr, ","> Having?
  Having = kw_having OrExpr
  OrExpr = OrExpr kw_or AndExpr  -- kw_or
         | AndExpr
  AndExpr = AndExpr kw_and NotExpr  -- kw_and
          | NotExpr
  NotExpr = kw_not Atom  -- kw_not
          | Atom
  Atom = "(" OrExpr ")"  -- paren
       | Predicate
  Predicate = Operand CompOp AddExpr  -- cmp
            | Operand kw_not? kw_in List  -- kw_in
            | Operand kw_between AddExpr kw_and AddExpr  -- kw_between
            | Operand kw_like string  -- kw_like
            | Operand kw_is kw_not? kw_null  -- isnull
            | Operand kw_has (kw_any | kw_all) List  -- kw_has
            | Operand kw_contains string  -- kw_contains
            | Operand kw_starts kw_with string  -- kw_starts
            | Operand kw_ends kw_with string  -- kw_ends
            | Operand kw_within number Unit  -- kw_within
            | Operand kw_exists  -- kw_exists
  Operand = Call | ident
  AddExpr = AddExpr ("+" | "-") MulExpr  -- add
          | MulExpr
  MulExpr = MulExpr ("*" | "/") Unary  -- mul
          | Unary
  Unary = "-" Primary  -- neg
        | Primary
  Primary = Call | RelTime | Value | "(" AddExpr ")"  -- paren
  Call = FnName "(" ListOf<AddExpr, ","> ")"
  FnName = kw_count | kw_sum | kw_avg | kw_min | kw_max | kw_lower | kw_upper | kw_length | kw_coalesce | kw_date | kw_year | kw_month | kw_day
  RelTime = kw_now | kw_today | kw_ago "(" number Unit ")"  -- kw_ago
  Unit = kw_days | kw_hours | kw_minutes | kw_weeks | kw_months
  CompOp = ">=" | "<=" | "!=" | "=" | ">" | "<"
  Value = dateLit | string | number | kw_true | kw_false | ident
  List = "[" ListOf<Value, ","> "]"
  OrderBy = kw_order kw_by NonemptyListOf<SortKey, ",">
  SortKey = ident (kw_asc | kw_desc)? (kw_nulls (kw_first | kw_last))?
  Limit = kw_limit number (kw_offset number)?
  ident = ~keyword (letter | "_") (alnum | "_" | ".")*
  string = "\"" (~"\"" any)* "\""
  dateLit = "@" digit digit digit digit "-" digit digit "-" digit digit ("T" digit digit ":" digit digit)?
  number = "-"? digit+ ("." digit+)?
  keyword = (kw_and | kw_or | kw_not | kw_in | kw_between | kw_like | kw_is | kw_null | kw_true | kw_false | kw_order | kw_by | kw_asc | kw_desc | kw_limit | kw_offset | kw_has | kw_any | kw_all | kw_within | kw_contains | kw_starts | kw_ends | kw_with | kw_exists | kw_nulls | kw_first | kw_last | kw_now | kw_today | kw_ago | kw_days | kw_hours | kw_minutes | kw_weeks | kw_months | kw_select | kw_distinct | kw_from | kw_as | kw_where | kw_group | kw_having | kw_count | kw_sum | kw_avg | kw_min | kw_max | kw_lower | kw_upper | kw_length | kw_coalesce | kw_date | kw_year | kw_month | kw_day) ~(alnum | "_")
  kw_and = caseInsensitive<"and"> ~alnum
  kw_or = caseInsensitive<"or"> ~alnum
  kw_not = caseInsensitive<"not"> ~alnum
  kw_in = caseInsensitive<"in"> ~alnum
  kw_between = caseInsensitive<"between"> ~alnum
  kw_like = caseInsensitive<"like"> ~alnum
  kw_is = caseInsensitive<"is"> ~alnum
  kw_null = caseInsensitive<"null"> ~alnum
  kw_true = caseInsensitive<"true"> ~alnum
  kw_false = caseInsensitive<"false"> ~alnum
  kw_order = caseInsensitive<"order"> ~alnum
  kw_by = caseInsensitive<"by"> ~alnum
  kw_asc = caseInsensitive<"asc"> ~alnum
  kw_desc = caseInsensitive<"desc"> ~alnum
  kw_limit = caseInsensitive<"limit"> ~alnum
  kw_offset = caseInsensitive<"offset"> ~alnum
  kw_has = caseInsensitive<"has"> ~alnum
  kw_any = caseInsensitive<"any"> ~alnum
  kw_all = caseInsensitive<"all"> ~alnum
  kw_within = caseInsensitive<"within"> ~alnum
  kw_contains = caseInsensitive<"contains"> ~alnum
  kw_starts = caseInsensitive<"starts"> ~alnum
  kw_ends = caseInsensitive<"ends"> ~alnum
  kw_with = caseInsensitive<"with"> ~alnum
  kw_exists = caseInsensitive<"exists"> ~alnum
  kw_nulls = caseInsensitive<"nulls"> ~alnum
  kw_first = caseInsensitive<"first"> ~alnum
  kw_last = caseInsensitive<"last"> ~alnum
  kw_now = caseInsensitive<"now"> ~alnum
  kw_today = caseInsensitive<"today"> ~alnum
  kw_ago = caseInsensitive<"ago"> ~alnum
  kw_days = caseInsensitive<"days"> ~alnum
  kw_hours = caseInsensitive<"hours"> ~alnum
  kw_minutes = caseInsensitive<"minutes"> ~alnum
  kw_weeks = caseInsensitive<"weeks"> ~alnum
  kw_months = caseInsensitive<"months"> ~alnum
  kw_select = caseInsensitive<"select"> ~alnum
  kw_distinct = caseInsensitive<"distinct"> ~alnum
  kw_from = caseInsensitive<"from"> ~alnum
  kw_as = caseInsensitive<"as"> ~alnum
  kw_where = caseInsensitive<"where"> ~alnum
  kw_group = caseInsensitive<"group"> ~alnum
  kw_having = caseInsensitive<"having"> ~alnum
  kw_count = caseInsensitive<"count"> ~alnum
  kw_sum = caseInsensitive<"sum"> ~alnum
  kw_avg = caseInsensitive<"avg"> ~alnum
  kw_min = caseInsensitive<"min"> ~alnum
  kw_max = caseInsensitive<"max"> ~alnum
  kw_lower = caseInsensitive<"lower"> ~alnum
  kw_upper = caseInsensitive<"upper"> ~alnum
  kw_length = caseInsensitive<"length"> ~alnum
  kw_coalesce = caseInsensitive<"coalesce"> ~alnum
  kw_date = caseInsensitive<"date"> ~alnum
  kw_year = caseInsensitive<"year"> ~alnum
  kw_month = caseInsensitive<"month"> ~alnum
  kw_day = caseInsensitive<"day"> ~alnum
}`;

const customers = Array.from({ length: 400 }, (_, i) => ({ id: `cus_${i}`, plan: ['free', 'pro', 'team'][i % 3], seats: (i * 7) % 60, mrr: (i * 37) % 900 }));
const segments = { 'pro-big': 'plan = "pro" and seats >= 10 and (mrr > 200 or region in ["eu", "uk"]) and churned_at is null order by mrr desc limit 50' };

const app = new App();
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', (req, res) => {
  const query = segments[req.query.segment] || segments['pro-big'];
  const grammar = ohm.grammar(SEGMENT_GRAMMAR);
  const match = grammar.match(query);
  if (match.failed()) return res.status(400).json({ error: match.shortMessage });
  const members = customers.filter((c) => c.plan === 'pro' && c.seats >= 10).sort((a, b) => b.mrr - a.mrr).slice(0, 50);
  res.json({ segment: req.query.segment || 'pro-big', count: members.length, members: members.map((c) => c.id) });
});
app.listen(Number(process.env.PORT) || 0, undefined, '127.0.0.1');
