// Polka, bundled with esbuild (minified, with a source map) as the team ships it: the dependency audit of a
// front-end platform's build artifacts. /x shows which packages the latest build of an app pulls in and which
// feature-flag keys it reads: the app's auditBundle helper parses the whole 1 MB JavaScript bundle with esprima
// (which js-yaml 3 depends on) and collects require() calls and flag reads from the parser's
// node callback. The artifact does not change once built, but the audit parses it again on every page view.
'use strict';
const polka = require('polka');
const esprima = require('esprima');

const pkgs = ['react', 'react-dom', 'lodash', 'date-fns', 'axios', 'zustand', 'clsx', 'i18next', 'zod', 'immer', 'dayjs', 'uuid'];
function buildArtifact(modules) {
  const parts = [];
  for (let i = 0; i < modules; i++) {
    parts.push(`/* ${i} */ function(module, exports, require) {
  var dep = require("${pkgs[i % pkgs.length]}"), util = require("./src/util/${i % 40}.js");
  function render_${i}(props, state) {
    var items = (props.items || []).filter(function (it) { return it.visible && it.price > ${i % 50}; });
    if (flags.isEnabled("checkout_v${i % 9}") && state.step === ${i % 4}) { items = items.map(function (it) { return { id: it.id, label: it.name + " (" + it.price.toFixed(2) + ")" }; }); }
    for (var k = 0; k < items.length; k++) { state.total = (state.total || 0) + items[k].price * ${1 + (i % 7)}; }
    return dep.createElement ? dep.createElement("div", { className: "m${i}", "data-count": items.length }, items) : util.fmt(items, "${'x'.repeat(i % 30)}");
  }
  module.exports = { render_${i}: render_${i}, id: ${i}, tags: ["ui", "m${i}", ${JSON.stringify(pkgs[(i * 5) % pkgs.length])}] };
}`);
  }
  return `(function (modules) { var cache = {}; function load(id) { return cache[id] || (cache[id] = modules[id]({ exports: {} }, {}, load)); } return load(0); })([\n${parts.join(',\n')}\n]);`;
}
const artifacts = new Map([['storefront-web', { build: 'b-20251203.4', source: buildArtifact(1300) }]]);

function auditBundle(source) {
  const requires = new Map();
  const flagKeys = new Set();
  esprima.parseScript(source, {}, (node) => {
    if (node.type !== 'CallExpression' || node.arguments.length !== 1 || node.arguments[0].type !== 'Literal') return;
    if (node.callee.type === 'Identifier' && node.callee.name === 'require') requires.set(node.arguments[0].value, (requires.get(node.arguments[0].value) || 0) + 1);
    else if (node.callee.type === 'MemberExpression' && node.callee.property.name === 'isEnabled') flagKeys.add(node.arguments[0].value);
  });
  const packages = [...requires].filter(([name]) => !name.startsWith('.')).sort((a, b) => b[1] - a[1]);
  return { packages, localModules: requires.size - packages.length, flags: [...flagKeys].sort() };
}

polka()
  .get('/health', (req, res) => { res.end('ok'); })
  .get('/x', (req, res) => {
    const name = req.query.app || 'storefront-web';
    const artifact = artifacts.get(name);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ app: name, build: artifact.build, bytes: artifact.source.length, ...auditBundle(artifact.source) }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
