// A small evaluator for the GitHub Actions expressions action.yml uses (`inputs.x`,
// `steps.id.outputs.x`, `github.action_path`, string literals, ==, !=, &&, ||, !, parentheses,
// always(), success(), failure()), for scripts/action/local-run.js. Anything else throws, so a
// new expression in action.yml fails the local run instead of being guessed.

const TOKEN = /\s*(?:(\(|\)|==|!=|&&|\|\||!)|'((?:[^']|'')*)'|([A-Za-z_][\w.-]*(?:\(\))?)|(\d+(?:\.\d+)?))/y;

/**
 * @param {string} source
 * @param {{lookup: (path: string) => string | undefined, status: {failed: boolean}}} context
 * @returns {string | boolean}
 */
export function evaluate(source, context) {
  /** @type {{type: string, value: string}[]} */
  const tokens = [];
  TOKEN.lastIndex = 0;
  let rest = source.trim();
  while (rest.length) {
    TOKEN.lastIndex = 0;
    const m = TOKEN.exec(rest);
    if (!m) throw new Error(`cannot evaluate the expression: ${source}`);
    if (m[1]) tokens.push({ type: 'op', value: m[1] });
    else if (m[2] !== undefined) tokens.push({ type: 'str', value: m[2].replace(/''/g, "'") });
    else if (m[3]) tokens.push({ type: 'name', value: m[3] });
    else tokens.push({ type: 'str', value: m[4] });
    rest = rest.slice(m[0].length).trimStart();
  }
  let i = 0;
  const peek = () => tokens[i]?.value;
  /** @returns {string | boolean} */
  const primary = () => {
    const t = tokens[i++];
    if (!t) throw new Error(`unexpected end of the expression: ${source}`);
    if (t.type === 'op' && t.value === '!') return !truthy(primary());
    if (t.type === 'op' && t.value === '(') {
      const v = or();
      if (tokens[i++]?.value !== ')') throw new Error(`missing ) in: ${source}`);
      return v;
    }
    if (t.type === 'str') return t.value;
    if (t.type === 'name') {
      if (t.value === 'always()') return true;
      if (t.value === 'success()') return !context.status.failed;
      if (t.value === 'failure()') return context.status.failed;
      if (t.value === 'true' || t.value === 'false') return t.value === 'true';
      const v = context.lookup(t.value);
      if (v === undefined) throw new Error(`unknown name ${t.value} in: ${source}`);
      return v;
    }
    throw new Error(`unexpected ${t.value} in: ${source}`);
  };
  const compare = () => {
    let left = primary();
    while (peek() === '==' || peek() === '!=') {
      const op = tokens[i++].value;
      const right = primary();
      left = op === '==' ? String(left) === String(right) : String(left) !== String(right);
    }
    return left;
  };
  const and = () => {
    let left = compare();
    while (peek() === '&&') { i++; const right = compare(); left = truthy(left) ? right : left; }
    return left;
  };
  /** @returns {string | boolean} */
  const or = () => {
    let left = and();
    while (peek() === '||') { i++; const right = and(); left = truthy(left) ? left : right; }
    return left;
  };
  const value = or();
  if (i !== tokens.length) throw new Error(`unexpected ${peek()} in: ${source}`);
  return value;
}

/** @param {string | boolean} v */
export function truthy(v) {
  return typeof v === 'boolean' ? v : v !== '';
}

/** Whether an `if:` holds: without a status function, success() && (condition). @param {string | undefined} condition @param {Parameters<typeof evaluate>[1]} context */
export function stepRuns(condition, context) {
  if (condition === undefined || condition === '') return !context.status.failed;
  const text = String(condition).replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
  const v = truthy(evaluate(text, context));
  return /\b(always|failure|success)\(\)/.test(text) ? v : v && !context.status.failed;
}

/** Replaces each ${{ ... }} in a string. @param {string} text @param {Parameters<typeof evaluate>[1]} context */
export function interpolate(text, context) {
  return String(text).replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expr) => String(evaluate(expr, context)));
}
