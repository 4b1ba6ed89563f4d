// Express 5: the developer portal's API explorer. Its sidebar calls /x for the list of operations, and the
// handler loads the public API's OpenAPI document (openapi.yaml, 264 paths with their parameters, responses
// and component schemas, kept in memory as text: made at start-up here) with yamljs, the YAML parser many
// swagger-ui set-ups load their spec with, on every call, then lists method, path, operationId and tag.
'use strict';
const express = require('express');
const YAML = require('yamljs');

const resources = ['orders', 'customers', 'invoices', 'shipments', 'products', 'warehouses', 'payments', 'refunds', 'coupons', 'webhooks', 'reports', 'users'];
const lines = ['openapi: 3.0.3', 'info:', '  title: "Shop API"', '  version: 2.14.0', '  description: |', '    The public API of the shop platform.', '    All requests need a bearer token.', 'paths:'];
for (const r of resources) {
  for (let v = 0; v < 22; v++) {
    lines.push(`  /v2/${r}/{id}/part-${v}:`, '    get:', `      operationId: get${r}Part${v}`, `      tags: [${r}]`, `      summary: "Read part ${v} of one of the ${r}"`,
      '      parameters:', '        - name: id', '          in: path', '          required: true', '          schema:', '            type: string', '            pattern: "^[a-z0-9-]{8,40}$"',
      '        - name: expand', '          in: query', '          schema: { type: array, items: { type: string }, maxItems: 5 }',
      '      responses:', "        '200':", '          description: OK', '          content:', '            application/json:', `              schema: { $ref: '#/components/schemas/${r}Part${v}' }`,
      "        '404':", '          description: Not found # the id is unknown or belongs to another tenant',
      '    patch:', `      operationId: update${r}Part${v}`, `      tags: [${r}]`, '      requestBody:', '        required: true', '        content:', '          application/json:',
      `            schema: { $ref: '#/components/schemas/${r}Part${v}' }`, '      responses:', "        '204': { description: Updated }");
  }
}
lines.push('components:', '  schemas:');
for (const r of resources) {
  for (let v = 0; v < 22; v++) {
    lines.push(`    ${r}Part${v}:`, '      type: object', '      required: [id, createdAt]', '      properties:', '        id: { type: string, readOnly: true }',
      '        createdAt: { type: string, format: date-time }', `        label: { type: string, maxLength: ${40 + v} }`, '        amount: { type: number, minimum: 0, example: 19.99 }',
      '        tags:', '          type: array', '          items: { type: string, enum: [new, sale, "back-in-stock", discontinued] }', '        meta:', '          type: object', '          additionalProperties: { type: string }');
  }
}
const openapiYaml = lines.join('\n') + '\n';

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const spec = YAML.parse(openapiYaml);
  const operations = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) operations.push({ method, path, id: op.operationId, tag: op.tags[0] });
  }
  res.json({ version: spec.info.version, count: operations.length, operations: operations.slice(0, 50) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
