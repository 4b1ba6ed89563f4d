// Fastify: a consent-banner SaaS serves each customer site its embed script. The handler fills the
// script template (the banner, 10 vendor integrations and the consent store) with the site's settings and
// minifies it with UglifyJS.minify before sending it, on every script load.
'use strict';
const fastify = require('fastify')();
const UglifyJS = require('uglify-js');

function buildScript(site) {
  let src = `(function (window, document) {\n  'use strict';\n  var SETTINGS = ${JSON.stringify(site)};\n` +
    `  function readConsent() { var m = document.cookie.match(/(?:^|; )consent=([^;]*)/); try { return m ? JSON.parse(decodeURIComponent(m[1])) : null; } catch (e) { return null; } }\n` +
    `  function writeConsent(value) { var expires = new Date(Date.now() + SETTINGS.days * 864e5).toUTCString(); document.cookie = 'consent=' + encodeURIComponent(JSON.stringify(value)) + '; expires=' + expires + '; path=/; SameSite=Lax'; }\n` +
    `  var vendors = {};\n`;
  for (let i = 0; i < 10; i++) {
    src += `  vendors['vendor${i}'] = { purpose: ${JSON.stringify(['analytics', 'ads', 'social', 'functional'][i % 4])}, load: function loadVendor${i}(consent, options) {\n` +
      `    if (!consent || !consent.purposes || consent.purposes.indexOf(this.purpose) === -1) { return false; }\n` +
      `    var script = document.createElement('script'); script.async = true; script.src = 'https://cdn.vendor${i}.example/tag.js?site=' + encodeURIComponent(SETTINGS.siteId);\n` +
      `    var queue = window['vendor${i}Queue'] = window['vendor${i}Queue'] || []; for (var k = 0; k < (options && options.events ? options.events.length : 0); k++) { queue.push({ name: options.events[k], ts: Date.now(), index: k }); }\n` +
      `    script.onerror = function () { if (window.console && SETTINGS.debug) { console.warn('vendor${i} failed to load'); } };\n` +
      `    var first = document.getElementsByTagName('script')[0]; first.parentNode.insertBefore(script, first); return true; } };\n`;
  }
  src += `  function renderBanner(texts) { var el = document.createElement('div'); el.className = 'cb-banner cb-' + SETTINGS.position;\n` +
    `    el.innerHTML = '<p>' + texts.message + '</p><button data-a="all">' + texts.accept + '</button><button data-a="none">' + texts.reject + '</button>';\n` +
    `    el.addEventListener('click', function (ev) { var a = ev.target && ev.target.getAttribute('data-a'); if (!a) { return; } var c = { purposes: a === 'all' ? ['analytics', 'ads', 'social', 'functional'] : ['functional'], at: Date.now() };\n` +
    `      writeConsent(c); apply(c); el.parentNode.removeChild(el); }); document.body.appendChild(el); }\n` +
    `  function apply(consent) { for (var name in vendors) { if (Object.prototype.hasOwnProperty.call(vendors, name)) { vendors[name].load(consent, SETTINGS.vendors[name]); } } }\n` +
    `  var existing = readConsent(); if (existing) { apply(existing); } else { document.addEventListener('DOMContentLoaded', function () { renderBanner(SETTINGS.texts); }); }\n` +
    `})(window, document);\n`;
  return src;
}

const sites = new Map([['s-1042', {
  siteId: 's-1042', days: 180, position: 'bottom', debug: false,
  texts: { message: 'We use cookies to improve your experience.', accept: 'Accept all', reject: 'Only necessary' },
  vendors: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`vendor${i}`, { events: ['pageview', 'consent'] }])),
}]]);

fastify.get('/health', async () => 'ok');
fastify.get('/x', async (request, reply) => {
  const site = sites.get('s-1042');
  const { code, error } = UglifyJS.minify(buildScript(site), { compress: true, mangle: true });
  if (error) throw error;
  reply.type('application/javascript');
  return code;
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
