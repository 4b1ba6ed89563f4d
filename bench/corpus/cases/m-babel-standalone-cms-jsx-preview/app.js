// Express: a headless CMS lets editors write small interactive blocks as JSX components; the page
// preview serves the page's blocks as one browser script, transformed with @babel/standalone's
// Babel.transform (react + env presets) from the saved source on every preview request.
'use strict';
const express = require('express');
const Babel = require('@babel/standalone');

function blockSource(i) {
  return `const PriceTable${i} = ({ plans = [], currency = 'EUR', highlight, onSelect }) => {
  const [period, setPeriod] = React.useState('monthly');
  const rows = plans.filter((p) => p?.visible ?? true).map(({ id, name, prices, features = [] }) => ({ id, name, price: prices?.[period] ?? 0, features: [...features] }));
  const format = (n) => new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(n / 100);
  return (
    <section className={\`pricing pricing-${i}\`} data-block="${i}">
      <nav>{['monthly', 'yearly'].map((p) => <button key={p} aria-pressed={p === period} onClick={() => setPeriod(p)}>{p}</button>)}</nav>
      {rows.map((row) => (
        <article key={row.id} className={row.id === highlight ? 'plan plan--hl' : 'plan'}>
          <h3>{row.name}</h3><p className="price">{format(row.price)}</p>
          <ul>{row.features.map((f, k) => <li key={k}>{f}</li>)}</ul>
          <button onClick={async () => { await onSelect?.(row.id); }}>Choose {row.name}</button>
        </article>
      ))}
    </section>
  );
};
class Faq${i} extends React.Component { state = { open: null }; static defaultProps = { items: [] };
  toggle = (k) => this.setState(({ open }) => ({ open: open === k ? null : k }));
  render() { const { items, title = 'FAQ' } = this.props; return (<div className="faq"><h2>{title}</h2>{items.map(({ q, a }, k) => (
    <details key={k} open={this.state.open === k} onToggle={() => this.toggle(k)}><summary>{q}</summary><p>{a}</p></details>))}</div>); } }
export { PriceTable${i}, Faq${i} };
`;
}
const pages = new Map([['pricing', { blocks: Array.from({ length: 8 }, (_, i) => blockSource(i)).join('\n') }]]);

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const page = pages.get('pricing');
  const { code } = Babel.transform(page.blocks, { filename: 'blocks.jsx', presets: [['env', { targets: '> 0.5%, not dead', modules: false }], 'react'] });
  res.type('application/javascript').send(code);
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
