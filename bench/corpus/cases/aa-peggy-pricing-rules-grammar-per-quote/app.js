// Fastify 4: a checkout service prices a cart with the merchant's pricing rules, written in a small rules
// language ("when customer.tier in ["gold"] and cart.total >= 250 then discount 12% on category("outdoor")").
// The rules language is a Peggy grammar kept with the service; /x quotes a cart: it generates the parser from
// the grammar with peggy.generate, parses the merchant's rules and applies them, on every request.
'use strict';
const Fastify = require('fastify');
const peggy = require('peggy');

const grammar = String.raw`// Pricing rules DSL: one rule per line, e.g.
//   when customer.tier in ["gold", "platinum"] and cart.total >= 250 then discount 12% on category("outdoor")
{{
  function binary(head, tail) {
    return tail.reduce((left, [, op, , right]) => ({ type: 'binary', op, left, right }), head);
  }
}}

Rules
  = _ head:Rule tail:(_nl_ Rule)* _ { return [head, ...tail.map((t) => t[1])]; }

Rule
  = "when"i __ cond:Expression __ "then"i __ action:Action priority:(__ "priority"i __ Integer)? {
      return { cond, action, priority: priority ? priority[3] : 0 };
    }

Action
  = "discount"i __ amount:Amount scope:(__ "on"i __ Scope)? { return { type: 'discount', amount, scope: scope ? scope[3] : null }; }
  / "surcharge"i __ amount:Amount scope:(__ "on"i __ Scope)? { return { type: 'surcharge', amount, scope: scope ? scope[3] : null }; }
  / "free"i __ "shipping"i { return { type: 'free-shipping' }; }
  / "reject"i __ reason:String { return { type: 'reject', reason }; }
  / "tag"i __ tag:String { return { type: 'tag', tag }; }

Amount
  = value:Number "%" { return { kind: 'percent', value }; }
  / currency:Currency _ value:Number { return { kind: 'fixed', currency, value }; }

Currency = IsoCurrency / "€" / "$" / "£"

Scope
  = "category"i _ "(" _ name:String _ ")" { return { kind: 'category', name }; }
  / "sku"i _ "(" _ names:StringList _ ")" { return { kind: 'sku', names }; }
  / "brand"i _ "(" _ name:String _ ")" { return { kind: 'brand', name }; }
  / "cheapest"i __ n:Integer { return { kind: 'cheapest', n }; }
  / "all"i { return { kind: 'all' }; }

Expression = Or

Or = head:And tail:(__ ("or"i / "||") __ And)* { return binary(head, tail); }

And = head:Not tail:(__ ("and"i / "&&") __ Not)* { return binary(head, tail); }

Not
  = ("not"i __ / "!" _) operand:Not { return { type: 'not', operand }; }
  / Comparison

Comparison
  = left:Additive _ op:CompareOp _ right:Additive { return { type: 'compare', op, left, right }; }
  / left:Additive __ "in"i __ right:List { return { type: 'in', left, right }; }
  / left:Additive __ "not"i __ "in"i __ right:List { return { type: 'not-in', left, right }; }
  / left:Additive __ "between"i __ low:Additive __ "and"i __ high:Additive { return { type: 'between', left, low, high }; }
  / left:Additive __ "matches"i __ pattern:String { return { type: 'matches', left, pattern }; }
  / left:Additive __ "contains"i __ right:Additive { return { type: 'contains', left, right }; }
  / left:Additive __ "starts"i __ "with"i __ right:Additive { return { type: 'starts-with', left, right }; }
  / left:Additive __ "is"i __ "empty"i { return { type: 'empty', left }; }
  / left:Additive __ "is"i __ "set"i { return { type: 'set', left }; }
  / Additive

CompareOp = ">=" / "<=" / "==" / "!=" / ">" / "<"

Additive = head:Multiplicative tail:(_ ("+" / "-") _ Multiplicative)* { return binary(head, tail); }

Multiplicative = head:Unary tail:(_ ("*" / "/" / "%") _ Unary)* { return binary(head, tail); }

Unary
  = "-" _ operand:Unary { return { type: 'neg', operand }; }
  / Primary

Primary
  = Number / String / Boolean / Null / DateLiteral / Duration
  / "region"i _ "(" _ '"' code:CountryCode '"' _ ")" { return { type: 'region', code }; }
  / Call
  / Path
  / List
  / "(" _ e:Expression _ ")" { return e; }

Call = name:Identifier _ "(" _ args:ArgList? _ ")" { return { type: 'call', name, args: args || [] }; }

ArgList = head:Expression tail:(_ "," _ Expression)* { return [head, ...tail.map((t) => t[3])]; }

Path = head:Identifier tail:("." Identifier / "[" _ Integer _ "]")* {
    return { type: 'path', parts: [head, ...tail.map((t) => (t[0] === '.' ? t[1] : t[2]))] };
  }

List = "[" _ items:ArgList? _ "]" { return { type: 'list', items: items || [] }; }

StringList = head:String tail:(_ "," _ String)* { return [head, ...tail.map((t) => t[3])]; }

DateLiteral = "@" y:$([0-9][0-9][0-9][0-9]) "-" m:$([0-9][0-9]) "-" d:$([0-9][0-9]) { return { type: 'date', value: y + '-' + m + '-' + d }; }

Duration = n:Integer unit:("d" / "h" / "m" / "w") !IdentifierPart { return { type: 'duration', n, unit }; }

Boolean = "true"i !IdentifierPart { return true; } / "false"i !IdentifierPart { return false; }

Null = "null"i !IdentifierPart { return null; }

Number = text:$("-"? [0-9]+ ("." [0-9]+)?) !IdentifierPart { return parseFloat(text); }

Integer = digits:$[0-9]+ { return parseInt(digits, 10); }

String
  = '"' chars:DoubleChar* '"' { return chars.join(''); }
  / "'" chars:SingleChar* "'" { return chars.join(''); }

DoubleChar = [^"\\\n] / "\\" c:Escape { return c; }
SingleChar = [^'\\\n] / "\\" c:Escape { return c; }
Escape = "n" { return '\n'; } / "t" { return '\t'; } / c:["'\\/] { return c; } / "u" h:$([0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F]) { return String.fromCharCode(parseInt(h, 16)); }

Identifier = !Keyword name:$([a-zA-Z_$] IdentifierPart*) { return name; }
IdentifierPart = [a-zA-Z0-9_$]
Keyword = ("when"i / "then"i / "and"i / "or"i / "not"i / "in"i / "between"i / "matches"i / "contains"i / "is"i / "priority"i) !IdentifierPart

// the countries the merchants ship to (ISO 3166) and the currencies they price in (ISO 4217) accepted in rules (region("DE"), ship_to in [FR, BE])
CountryCode
  = code:("AT" / "BE" / "BG" / "CH" / "CY" / "CZ" / "DE" / "DK" / "EE" / "ES" / "FI" / "FR" / "GB" / "GR" / "HR" / "HU" / "IE" / "IS" / "IT" / "LI" / "LT" / "LU" / "LV" / "MT" / "NL" / "NO" / "PL" / "PT" / "RO" / "SE" / "SI" / "SK" / "US" / "CA" / "AU" / "NZ" / "JP" / "AD" / "AE" / "AL" / "AM" / "AR" / "BA" / "BR" / "CL" / "CN" / "CO" / "EG" / "GE" / "HK" / "ID" / "IL" / "IN" / "KR" / "KZ" / "MA" / "MC" / "MD" / "ME" / "MK" / "MX" / "MY" / "NG" / "PE" / "PH" / "PK" / "QA" / "RS" / "RU" / "SA" / "SG" / "SM" / "TH" / "TN" / "TR" / "TW" / "UA" / "UY" / "VN" / "ZA") !IdentifierPart { return code; }

IsoCurrency
  = code:("EUR" / "USD" / "GBP" / "CHF" / "SEK" / "NOK" / "DKK" / "PLN" / "CZK" / "HUF" / "RON" / "BGN" / "JPY" / "CNY" / "AUD" / "CAD" / "NZD" / "SGD" / "HKD" / "INR" / "BRL" / "MXN" / "ZAR" / "TRY" / "ILS" / "AED" / "SAR" / "KRW" / "TWD" / "THB") !IdentifierPart { return code; }

Comment = "#" [^\n]*
_ = ([ \t] / Comment)*
__ = [ \t]+
_nl_ = ([ \t] / Comment)* ("\n" ([ \t] / Comment)*)+`;

const merchants = new Map([['m-117', [
  'when customer.tier in ["gold", "platinum"] and cart.total >= 250 then discount 12% on category("outdoor")',
  'when cart.items[0].qty > 3 or not customer.verified then surcharge EUR 4.5 priority 2',
  'when date(order.created) between @2024-11-01 and @2024-12-31 then free shipping',
  'when customer.country not in ["DE", "AT", "CH"] and cart.weight > 20 then surcharge EUR 12',
].join('\n')]]);
const cart = { total: 310, weight: 4, items: [{ sku: 'TENT-2P', qty: 1, category: 'outdoor', price: 310 }] };
const customer = { tier: 'gold', verified: true, country: 'DE' };

function value(node, ctx) {
  if (node === null || typeof node !== 'object') return node;
  if (node.type === 'path') return node.parts.reduce((v, p) => (v == null ? undefined : v[p]), ctx);
  if (node.type === 'list') return node.items.map((n) => value(n, ctx));
  if (node.type === 'binary' && (node.op === 'and' || node.op === '&&')) return value(node.left, ctx) && value(node.right, ctx);
  if (node.type === 'binary' && (node.op === 'or' || node.op === '||')) return value(node.left, ctx) || value(node.right, ctx);
  if (node.type === 'not') return !value(node.operand, ctx);
  if (node.type === 'in') return value(node.right, ctx).includes(value(node.left, ctx));
  if (node.type === 'not-in') return !value(node.right, ctx).includes(value(node.left, ctx));
  if (node.type === 'compare') {
    const a = value(node.left, ctx); const b = value(node.right, ctx);
    return { '>=': a >= b, '<=': a <= b, '==': a === b, '!=': a !== b, '>': a > b, '<': a < b }[node.op];
  }
  return undefined;
}

const app = Fastify();
app.get('/health', async () => 'ok');

app.get('/x', async (req) => {
  const source = merchants.get(String(req.query.merchant || 'm-117'));
  const parser = peggy.generate(grammar);
  const rules = parser.parse(source);
  const ctx = { cart, customer, order: { created: new Date().toISOString() } };
  const applied = rules.filter((rule) => value(rule.cond, ctx)).map((rule) => rule.action);
  const discount = applied.filter((a) => a.type === 'discount' && a.amount.kind === 'percent').reduce((sum, a) => sum + a.amount.value, 0);
  return { merchant: 'm-117', rules: rules.length, applied, total: Math.round(cart.total * (100 - discount)) / 100 };
});

app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
