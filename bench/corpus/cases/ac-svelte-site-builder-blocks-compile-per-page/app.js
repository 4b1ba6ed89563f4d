// node:http: a site builder's page renderer. Tenants design landing pages from blocks whose markup they edit as
// Svelte components (kept in the database as source); the renderer compiles each block of the page with
// svelte.compile({ generate: 'ssr' }) and evaluates the generated module, on every page view, before rendering it
// with the page's content. /x renders the next tenant's landing page (14 blocks). Made at start-up.
'use strict';
const http = require('node:http');
const svelte = require('svelte/compiler');
const internal = require('svelte/internal');

const blockSources = {
  Hero: `<script>export let title; export let subtitle; export let cta; export let image;
  let loaded = false; $: words = title.split(' ').length;</script>
<section class="hero" class:long={words > 6} style="--bg: url({image})">
  <h1>{title}</h1>{#if subtitle}<p class="lead">{subtitle}</p>{/if}
  <a class="btn btn-{cta.style}" href={cta.href}>{cta.label}</a>
</section>
<style>.hero{padding:6rem 2rem;background:var(--bg) center/cover}.long h1{font-size:2.2rem}.lead{opacity:.8}</style>`,
  Features: `<script>export let heading; export let items = []; const icon = (n) => '/icons/' + n + '.svg';</script>
<section class="features"><h2>{heading}</h2><ul>
{#each items as item, i (item.id)}<li class:odd={i % 2}><img src={icon(item.icon)} alt="" /><h3>{item.title}</h3><p>{item.text}</p>
{#if item.link}<a href={item.link}>Learn more</a>{/if}</li>{/each}</ul></section>
<style>ul{display:grid;grid-template-columns:repeat(3,1fr);gap:2rem}.odd{background:#f6f6f6}h3{margin:.5rem 0}</style>`,
  Pricing: `<script>export let plans = []; export let currency = 'EUR'; export let yearly = false;
  const fmt = (v) => new Intl.NumberFormat('en', { style: 'currency', currency }).format(v);
  $: shown = plans.map((p) => ({ ...p, price: yearly ? p.monthly * 10 : p.monthly }));</script>
<section class="pricing"><div class="grid">{#each shown as plan}<article class:featured={plan.featured}>
<h3>{plan.name}</h3><p class="price">{fmt(plan.price)}<small>/{yearly ? 'year' : 'month'}</small></p>
<ul>{#each plan.features as f}<li>{f}</li>{/each}</ul>{#if plan.featured}<span class="badge">Most popular</span>{/if}
<a href="/signup?plan={plan.id}">Choose {plan.name}</a></article>{/each}</div></section>
<style>.grid{display:flex;gap:1rem}.featured{border:2px solid var(--brand)}.price{font-size:2rem}.badge{position:absolute}</style>`,
  Testimonials: `<script>export let quotes = []; export let max = 6; $: visible = quotes.slice(0, max);</script>
<section class="quotes">{#each visible as q}<blockquote><p>“{q.text}”</p><footer>
{#if q.avatar}<img src={q.avatar} alt={q.name} width="48" height="48" />{/if}<cite>{q.name}, {q.role}</cite></footer></blockquote>
{:else}<p>No testimonials yet.</p>{/each}</section>
<style>blockquote{margin:0 0 2rem;font-style:italic}cite{font-style:normal;font-weight:600}</style>`,
  Faq: `<script>export let entries = []; export let open = -1;</script>
<section class="faq"><h2>Frequently asked questions</h2>{#each entries as e, i}<details open={open === i}><summary>{e.q}</summary>
<div class="answer">{@html e.a}</div></details>{/each}</section>
<style>details{border-bottom:1px solid #ddd;padding:1rem 0}summary{cursor:pointer;font-weight:600}</style>`,
  Logos: `<script>export let logos = []; export let grayscale = true;</script>
<section class="logos" class:grayscale>{#each logos as l}<a href={l.href} rel="nofollow"><img src={l.src} alt={l.name} loading="lazy" /></a>{/each}</section>
<style>.logos{display:flex;flex-wrap:wrap;justify-content:center}.grayscale img{filter:grayscale(1)}</style>`,
  Stats: `<script>export let stats = []; const n = (v) => v >= 1000 ? (v / 1000).toFixed(1) + 'k' : String(v);</script>
<section class="stats">{#each stats as s}<div><strong>{n(s.value)}</strong><span>{s.label}</span></div>{/each}</section>
<style>.stats{display:flex;justify-content:space-around}strong{display:block;font-size:2.5rem}</style>`,
  Newsletter: `<script>export let heading; export let placeholder = 'you@example.com'; export let consent;</script>
<form class="newsletter" method="post" action="/subscribe"><h2>{heading}</h2><label><span class="sr-only">Email</span>
<input type="email" name="email" {placeholder} required /></label>{#if consent}<label class="consent"><input type="checkbox" name="consent" required />
{consent}</label>{/if}<button type="submit">Subscribe</button></form>
<style>.newsletter{display:grid;gap:.5rem;max-width:28rem}.sr-only{position:absolute;width:1px;height:1px;overflow:hidden}</style>`,
  Footer: `<script>export let columns = []; export let year; export let company;</script>
<footer class="site">{#each columns as c}<nav><h4>{c.title}</h4><ul>{#each c.links as l}<li><a href={l.href}>{l.label}</a></li>{/each}</ul></nav>{/each}
<p class="legal">© {year} {company}. All rights reserved.</p></footer>
<style>.site{display:grid;grid-template-columns:repeat(4,1fr)}.legal{grid-column:1/-1;font-size:.8rem}</style>`,
};

// each tenant's copy of the block library (they edit the markup), and its landing page
const tenants = Array.from({ length: 12 }, (_, t) => ({
  blocks: Object.fromEntries(Object.entries(blockSources).map(([name, src]) => [name, src.replace('<section', `<section data-tenant="t${t}"`)])),
  page: [
    ['Hero', { title: `Run your studio ${t} without the spreadsheets`, subtitle: 'Bookings, payments and reminders.', image: '/img/hero.jpg', cta: { style: 'primary', href: '/signup', label: 'Start free trial' } }],
    ['Logos', { logos: Array.from({ length: 8 }, (_, i) => ({ name: `Brand ${i}`, src: `/logos/${i}.svg`, href: `https://brand${i}.example.com` })) }],
    ['Features', { heading: 'Everything in one place', items: Array.from({ length: 9 }, (_, i) => ({ id: i, icon: `f${i}`, title: `Feature ${i}`, text: 'Lorem ipsum dolor sit amet.', link: i % 2 ? `/features/${i}` : null })) }],
    ['Stats', { stats: [{ value: 12800, label: 'studios' }, { value: 940, label: 'cities' }, { value: 4200000, label: 'bookings' }] }],
    ['Pricing', { plans: ['Solo', 'Studio', 'Chain'].map((name, i) => ({ id: name.toLowerCase(), name, monthly: 19 + i * 30, featured: i === 1, features: ['Online booking', 'Reminders', 'Payments', 'Reports'].slice(0, 2 + i) })) }],
    ['Testimonials', { quotes: Array.from({ length: 6 }, (_, i) => ({ text: 'It changed how we work.', name: `Owner ${i}`, role: 'Founder', avatar: `/a/${i}.jpg` })) }],
    ['Faq', { entries: Array.from({ length: 8 }, (_, i) => ({ q: `Question ${i}?`, a: `<p>Answer ${i}, with a <a href="/help/${i}">link</a>.</p>` })) }],
    ['Newsletter', { heading: 'Tips for studio owners, monthly', consent: 'I agree to receive the newsletter.' }],
    ['Footer', { year: 2024, company: `Studio Suite ${t}`, columns: ['Product', 'Company', 'Resources', 'Legal'].map((title) => ({ title, links: Array.from({ length: 5 }, (_, i) => ({ href: `/${title.toLowerCase()}/${i}`, label: `${title} ${i}` })) })) }],
  ],
}));
// the longer landing pages repeat blocks (a second feature grid, quotes and FAQ further down)
for (const t of tenants) t.page.splice(6, 0, ...t.page.filter(([name]) => ['Features', 'Testimonials', 'Faq', 'Stats', 'Logos'].includes(name)));
let next = 0;

function loadBlock(source, name) {
  const { js } = svelte.compile(source, { generate: 'ssr', format: 'cjs', name, hydratable: true });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', js.code)(module, module.exports, (id) => (id === 'svelte/internal' ? internal : require(id)));
  return module.exports.default;
}

http.createServer((req, res) => {
  if (req.url === '/health') { res.end('ok'); return; }
  if (req.url !== '/x') { res.statusCode = 404; res.end(); return; }
  const tenant = tenants[next++ % tenants.length];
  let head = '', body = '';
  for (const [name, props] of tenant.page) {
    const Block = loadBlock(tenant.blocks[name], name);
    const out = Block.render(props);
    head += out.css.code ? `<style>${out.css.code}</style>` : '';
    body += out.html;
  }
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`);
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
