// Fastify 4: an embeddable-widget service. Each tenant picks which widget modules (chat bubble, NPS survey,
// cookie banner, ...) its pages load; /x serves the tenant's loader script: it concatenates the enabled
// modules' sources (16 modules, ~20 KB, for a typical tenant) and minifies them with terser on every request,
// although a tenant's module set only changes when its admin saves the settings.
'use strict';
const fastify = require('fastify')({ logger: false });
const { minify } = require('terser');

const moduleSource = (name, i) => `
function ${name}_module(root, settings) {
  var state = { open: false, count: 0, label: settings.label || "${name} ${i}", items: [], startedAt: Date.now() };
  function render() {
    var html = "";
    for (var j = 0; j < state.items.length; j++) {
      html += "<li class='w-${name}-item' data-index='" + j + "'>" + state.items[j].title + "</li>";
    }
    root.innerHTML = "<div class='w-${name}'><ul>" + html + "</ul><span>" + state.label + ": " + state.count + "</span></div>";
  }
  function track(event, detail) {
    var payload = { widget: "${name}", event: event, detail: detail, at: Date.now() - state.startedAt };
    if (window.navigator && window.navigator.sendBeacon) { window.navigator.sendBeacon(settings.endpoint, JSON.stringify(payload)); }
  }
  root.addEventListener("click", function (ev) {
    var target = ev.target;
    if (target && target.dataset && target.dataset.add) { state.items.push({ title: target.dataset.add }); state.count++; track("add", target.dataset.add); render(); }
    if (target && target.dataset && target.dataset.toggle) { state.open = !state.open; track(state.open ? "open" : "close"); render(); }
  });
  return { render: render, reset: function () { state.items = []; state.count = 0; render(); } };
}
`;
const catalogue = ['chat', 'nps', 'cookies', 'faq', 'promo', 'search', 'reviews', 'newsletter', 'status', 'changelog', 'feedback', 'tour'];
const modules = new Map();
catalogue.forEach((name, i) => { for (let v = 0; v < 4; v++) modules.set(`${name}-${v}`, moduleSource(`${name}_${v}`, i)); });
const tenants = { acme: [...modules.keys()].filter((k, i) => i % 3 === 0) };

fastify.get('/health', async () => ({ ok: true }));
fastify.get('/x', async (request, reply) => {
  const enabled = tenants[request.query.tenant] || tenants.acme;
  const source = enabled.map((k) => modules.get(k)).join('\n') + `\nwindow.__widgets = [${enabled.map((k) => `${k.replace('-', '_')}_module`).join(', ')}];`;
  const { code } = await minify(source, { compress: true, mangle: true, format: { comments: false } });
  reply.header('cache-control', 'public, max-age=60').type('application/javascript');
  return code;
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
