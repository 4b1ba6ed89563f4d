// The tool's own name and version, read once from package.json.

import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

export const TOOL = Object.freeze({ name: String(pkg.name), version: String(pkg.version) });
