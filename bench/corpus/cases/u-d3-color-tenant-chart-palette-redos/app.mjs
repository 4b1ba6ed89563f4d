// Fastify 4 (ESM): a SaaS analytics product renders its weekly usage charts as SVG on the server (for the PDF
// reports and the e-mail digests). /x renders the digest charts of the 40 tenants of a region, each bar series
// in the tenant's brand palette, parsed and shaded with d3-color. The palettes come from the tenants' imported
// design tokens; one import wrote a gradient's channel values into a single "rgb(...)" value without commas,
// 15,000 digits long. d3-color 3.0.1 tries it against its rgb() patterns, whose number group \d*\.?\d+ can split
// a run of digits at every position before the "%" it expects fails: quadratic in the value's length
// (GHSA-36jr-mh4h-2g58, fixed in 3.1.0). The tenants and their usage are made at start-up.
import Fastify from 'fastify';
import { color } from 'd3-color';

const brand = ['#1f77b4', 'rgb(255, 127, 14)', 'hsl(120, 57%, 40%)', '#d62728', 'rebeccapurple', 'rgb(23, 190, 207)'];
const tenants = Array.from({ length: 40 }, (_, i) => ({
  id: `t-${1200 + i}`, name: `Tenant ${i}`,
  palette: { primary: brand[i % brand.length], accent: brand[(i + 2) % brand.length], muted: '#9e9e9e' },
  usage: Array.from({ length: 7 }, (_, d) => 200 + ((i * 37 + d * 91) % 800)),
}));
tenants[26].palette.accent = `rgb(${Array.from({ length: 15000 }, (_, k) => '2551270140'[k % 10]).join('')})`;

function chartSvg(tenant) {
  const palette = Object.fromEntries(Object.entries(tenant.palette).map(([role, value]) => [role, color(value) ?? color('#777777')]));
  const max = Math.max(...tenant.usage);
  const bars = tenant.usage.map((v, d) => {
    const fill = (d === tenant.usage.length - 1 ? palette.accent : palette.primary).darker(d * 0.15).formatHex();
    return `<rect x="${20 + d * 40}" y="${200 - (v / max) * 180}" width="30" height="${(v / max) * 180}" fill="${fill}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="220"><rect width="320" height="220" fill="${palette.muted.brighter(2).formatHex()}"/>${bars.join('')}</svg>`;
}

const app = Fastify();
app.get('/health', async () => 'ok');
app.get('/x', async () => ({ region: 'eu-1', charts: tenants.map((t) => ({ tenant: t.id, svg: chartSvg(t) })) }));
await app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
