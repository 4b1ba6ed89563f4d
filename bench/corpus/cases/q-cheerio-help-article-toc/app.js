// node:http: the help centre shows a table of contents beside each article. The articles are stored as the
// editor's HTML (the one here is a long troubleshooting guide, about 275 KB with its tables and code samples,
// made at start-up), and /x loads the article with cheerio on every view to list its h2 and h3 headings with
// their anchors.
'use strict';
const http = require('node:http');
const cheerio = require('cheerio');

const sections = [];
for (let s = 0; s < 85; s++) {
  const rows = Array.from({ length: 12 }, (_, r) => `<tr><td><code>E${s}${r}</code></td><td>Step ${r} of the check for <em>module ${s}</em> &amp; its settings</td><td><a href="/kb/${s}-${r}">details</a></td></tr>`).join('');
  sections.push(`<h2 id="s${s}">${s + 1}. Connector ${s} does not sync</h2>
<p class="lead">If the connector stops syncing, check the <strong>credentials</strong>, the <a href="/kb/network">network</a> and the quota &mdash; in that order.</p>
<h3 id="s${s}-log">Read the log</h3><pre><code class="language-bash">$ tail -n 200 /var/log/connector-${s}.log | grep -E "ERROR|WARN"
2025-03-01T10:${String(s % 60).padStart(2, '0')}:00Z WARN retry 3/5 &lt;timeout&gt;</code></pre>
<ul>${Array.from({ length: 8 }, (_, k) => `<li>Check <code>setting_${k}</code> is set to <b>${k % 2 ? 'on' : 'off'}</b>; see <a href="#s${(s + k) % 85}">section ${(s + k) % 85 + 1}</a>.</li>`).join('')}</ul>
<h3 id="s${s}-codes">Error codes</h3><table class="codes"><thead><tr><th>Code</th><th>Meaning</th><th></th></tr></thead><tbody>${rows}</tbody></table>
<div class="note"><img src="/img/kb/${s}.png" alt="Screenshot of connector ${s} settings" width="640" height="360"><p>Tip: you can re-run the sync from <i>Settings &rarr; Connectors</i>.</p></div>`);
}
const articleHtml = `<!doctype html><html><head><meta charset="utf-8"><title>Troubleshooting connectors</title></head><body><article>${sections.join('\n')}</article></body></html>`;

http.createServer((req, res) => {
  if (req.url === '/health') { res.end('ok'); return; }
  const $ = cheerio.load(articleHtml);
  const toc = $('h2, h3').map((i, el) => ({ level: el.tagName, id: $(el).attr('id'), title: $(el).text() })).get();
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ article: 'troubleshooting-connectors', bytes: articleHtml.length, toc: toc.slice(0, 20), headings: toc.length }));
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
