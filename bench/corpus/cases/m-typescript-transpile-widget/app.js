// Express: a dashboard platform lets customers write their own widgets in TypeScript in the browser
// editor; the source is saved with the dashboard (made at start-up here). The widget loader serves the
// widget as JavaScript and transpiles the saved source with ts.transpileModule on every load.
'use strict';
const express = require('express');
const ts = require('typescript');

function widgetSource(n) {
  let src = "import { h, useState, useEffect } from '@dash/runtime';\nimport type { Query, Row, Theme } from '@dash/types';\n";
  for (let i = 0; i < n; i++) {
    src += `export interface Series${i}<T extends Row = Row> { key: keyof T & string; label: string; color?: string; stack?: 'a' | 'b' }\n` +
      `enum Mode${i} { Line = 'line', Bar = 'bar', Area = 'area' }\n` +
      `export class Panel${i}<T extends Row> { private cache = new Map<string, T[]>(); constructor(private readonly query: Query, protected theme: Theme, public mode: Mode${i} = Mode${i}.Line) {}\n` +
      `  async load(range: { from: Date; to: Date }, signal?: AbortSignal): Promise<T[]> { const key = \`\${range.from.getTime()}-\${range.to.getTime()}\`;\n` +
      `    if (this.cache.has(key)) { return this.cache.get(key)!; } const rows = (await this.query.run<T>({ ...range, limit: ${100 + i} }, signal)) ?? [];\n` +
      `    this.cache.set(key, rows); return rows.filter((r): r is T => r != null && (r as any).value !== undefined); }\n` +
      `  render(rows: readonly T[], series: Series${i}<T>[]): string { return series.map(({ key, label, color = this.theme.palette[${i} % 8] }) =>\n` +
      `    h('path', { d: rows.map((r, j) => \`\${j ? 'L' : 'M'}\${j * 4},\${Number(r[key]) || 0}\`).join(' '), stroke: color, 'aria-label': label })).join(''); }\n}\n` +
      `export function usePanel${i}(q: Query, t: Theme): [Panel${i}<Row>, (m: Mode${i}) => void] { const [p] = useState(() => new Panel${i}<Row>(q, t));\n` +
      `  useEffect(() => () => void p, [p]); return [p, (m) => { p.mode = m; }]; }\n`;
  }
  return src;
}
const dashboards = new Map([['ops', { widget: widgetSource(16), updatedAt: '2024-10-01T09:12:00Z' }]]);

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const dash = dashboards.get('ops');
  const out = ts.transpileModule(dash.widget, { compilerOptions: { target: ts.ScriptTarget.ES2019, module: ts.ModuleKind.ESNext, sourceMap: false }, fileName: 'widget.ts' });
  res.type('application/javascript').send(out.outputText);
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
