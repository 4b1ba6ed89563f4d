// hapi: the developer portal generates a typed client for the selected API version and returns it
// formatted the way the published SDK is, so that users can paste it into their projects.
const Hapi = require('@hapi/hapi');
const prettier = require('prettier');

const resources = Array.from({ length: 24 }, (_, i) => ({
  name: `Resource${i}`,
  path: `/v2/resource-${i}`,
  fields: Array.from({ length: 8 }, (_, j) => ({ name: `field${j}`, type: ['string', 'number', 'boolean', 'string[]'][j % 4], optional: j % 3 === 0 })),
}));

function generateClient(list) {
  let src = "import type { RequestOptions } from './transport';\nimport { request } from './transport';\n";
  for (const r of list) {
    src += `export interface ${r.name} { ${r.fields.map((f) => `${f.name}${f.optional ? '?' : ''}: ${f.type}`).join('; ')} }\n`;
    src += `export class ${r.name}Api { constructor(private readonly baseUrl: string, private readonly token: string) {}\n` +
      `async list(params: { page?: number; pageSize?: number; filter?: Partial<${r.name}> } = {}, options?: RequestOptions): Promise<${r.name}[]> { return request<${r.name}[]>(this.baseUrl + '${r.path}', { method: 'GET', query: { page: params.page ?? 1, pageSize: params.pageSize ?? 50, ...params.filter }, headers: { authorization: 'Bearer ' + this.token }, ...options }); }\n` +
      `async get(id: string, options?: RequestOptions): Promise<${r.name}> { return request<${r.name}>(this.baseUrl + '${r.path}/' + encodeURIComponent(id), { method: 'GET', headers: { authorization: 'Bearer ' + this.token }, ...options }); }\n` +
      `async update(id: string, patch: Partial<${r.name}>, options?: RequestOptions): Promise<${r.name}> { if (!id) { throw new Error('id is required'); } return request<${r.name}>(this.baseUrl + '${r.path}/' + encodeURIComponent(id), { method: 'PATCH', body: JSON.stringify(patch), headers: { authorization: 'Bearer ' + this.token, 'content-type': 'application/json' }, ...options }); }\n}\n`;
  }
  return src;
}

async function start() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({
    method: 'GET',
    path: '/x',
    handler: async (request, h) => {
      const source = generateClient(resources);
      const code = await prettier.format(source, { parser: 'typescript', singleQuote: true, printWidth: 100, trailingComma: 'all' });
      return h.response(code).type('application/typescript');
    },
  });
  await prettier.format('export const ready: boolean = true;\n', { parser: 'typescript' });
  await server.start();
}

start();
