// Relative links in README.md, CONTRIBUTING.md and docs/ point at files that exist, and at
// headings that exist in them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers.js';

const PAGES = ['README.md', 'CONTRIBUTING.md', ...fs.readdirSync(path.join(ROOT, 'docs')).map((f) => path.join('docs', f))];

/** GitHub's anchor of a heading. @param {string} heading */
const slug = (heading) => heading.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');

/** @param {string} file */
function anchorsOf(file) {
  const text = fs.readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#+ (.*)$/gm)].map((m) => slug(m[1])));
}

test('relative links of the docs point at existing files and headings', () => {
  /** @type {string[]} */
  const broken = [];
  for (const page of PAGES) {
    const text = fs.readFileSync(path.join(ROOT, page), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [file, anchor] = target.split('#');
      const resolved = file ? path.resolve(ROOT, path.dirname(page), file) : path.join(ROOT, page);
      if (!fs.existsSync(resolved)) broken.push(`${page}: ${target}`);
      else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) broken.push(`${page}: ${target} (no such heading)`);
    }
  }
  assert.deepEqual(broken, []);
});
