// What each folder of src/ may import (the same table as CONTRIBUTING.md's layout): every file's
// imports and requires (read by TypeScript's pre-processor, so comments and JSDoc types do not
// count) are checked against it. Besides its own folder, a folder may always import node's
// built-in modules (unless its row forbids some) and the leaves errors.js, tool.js and
// defaults.js (which import nothing of ours); agent/ imports nothing outside agent/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const LEAVES = ['errors.js', 'tool.js', 'defaults.js'];
const COMMAND_MAY = ['commands/shared/', 'agent/', 'analyze/', 'attach/', 'collect/', 'launch/', 'load/', 'proc/', 'profile/', 'production/', 'report/', 'options.js', 'scenarios/'];

/**
 * unit: a folder of src/ (commands/ and report/browser/ by their subfolders) or a top-level file.
 * may: what it may import besides itself (a folder, or one file of it); builtins: node modules it
 * must not use; packages: the npm packages it may use; leaves: whether the leaf files are allowed.
 * @type {Record<string, {may: string[], builtins?: string[], packages?: string[], leaves?: boolean}>}
 */
const RULES = {
  'agent/': { may: [], leaves: false },
  'proc/': { may: [] },
  'sources/': { may: [] },
  // pure: the app's files are read through sources/, the agent's data through collect/
  'analyze/': { may: ['agent/', 'sources/'], builtins: ['fs', 'child_process', 'net', 'http', 'https', 'worker_threads', 'inspector'] },
  'collect/': { may: ['agent/', 'analyze/profiles.js'] },
  'load/': { may: ['agent/'], packages: ['autocannon'] },
  'launch/': { may: ['agent/', 'proc/'] },
  'attach/': { may: ['agent/', 'launch/', 'proc/'], packages: ['ws'] },
  'profile/': { may: ['agent/', 'launch/'], packages: ['commander'] },
  // renderers format what the report holds: of analyze/, only the words of budgets and sites and the profile reader
  'report/': {
    may: ['report/browser/', 'analyze/budgets.js', 'analyze/site-diff.js', 'analyze/saved-diff.js', 'analyze/frames.js', 'analyze/frame-kind.js', 'analyze/profiles.js', 'analyze/pool-caller-text.js'],
    packages: ['chalk', 'cli-table3', 'pprof-format'],
  },
  'report/browser/': { may: [], builtins: ['*'], leaves: false },
  'production/': { may: ['agent/', 'analyze/', 'sources/'] },
  'commands/shared/': { may: ['agent/', 'analyze/', 'collect/', 'launch/', 'load/', 'profile/', 'report/', 'options.js'], packages: ['commander'] },
  'commands/attach/': { may: COMMAND_MAY, packages: ['commander'] },
  'commands/report/': { may: COMMAND_MAY, packages: ['commander'] },
  'commands/run/': { may: COMMAND_MAY, packages: ['commander'] },
  // compare's runs are runs
  'commands/compare/': { may: [...COMMAND_MAY, 'commands/run/'], packages: ['commander'] },
  'cli.js': { may: ['commands/', 'options.js'], packages: ['commander'] },
  'options.js': { may: ['analyze/budgets.js', 'analyze/gate-metrics.js'], packages: ['commander'] },
  'index.js': { may: ['production/'] },
  'register.cjs': { may: ['production/'] },
  'register.mjs': { may: ['register.cjs'] },
  'errors.js': { may: [], leaves: false },
  'tool.js': { may: [], leaves: false },
  'defaults.js': { may: [], leaves: false },
};

/** @param {string} dir @returns {string[]} paths relative to src/ */
function sourceFiles(dir = SRC) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.[cm]?js$/.test(e.name) ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

/** The unit a path relative to src/ belongs to. @param {string} rel */
function unitOf(rel) {
  const parts = rel.split('/');
  if (parts.length === 1) return rel;
  if ((parts[0] === 'commands' || rel.startsWith('report/browser/')) && parts.length > 2) return `${parts[0]}/${parts[1]}/`;
  return `${parts[0]}/`;
}

/** What a file imports, each as a path relative to src/ ('../x' outside it), `node:x` or a package name. @param {string} rel */
function importsOf(rel) {
  const text = fs.readFileSync(path.join(SRC, rel), 'utf8');
  return ts.preProcessFile(text, true, true).importedFiles.map(({ fileName: spec }) => {
    if (spec.startsWith('.')) return path.posix.relative(SRC.split(path.sep).join('/'), path.posix.join(path.posix.dirname(path.join(SRC, rel).split(path.sep).join('/')), spec));
    if (spec.startsWith('node:')) return spec;
    return spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
  });
}

/** Why `rel` may not import `target`, or null. @param {string} rel @param {string} target */
function violation(rel, target) {
  const unit = unitOf(rel);
  const rule = RULES[unit];
  if (!rule) return `${unit} has no row in the rules (add one here and in CONTRIBUTING.md)`;
  if (target.startsWith('node:') || !target.includes('/') && !/\.[cm]?js$/.test(target)) {
    const builtin = target.startsWith('node:') || BUILTINS.has(target);
    if (builtin) {
      const name = target.replace(/^node:/, '').split('/')[0];
      return rule.builtins?.includes('*') || rule.builtins?.includes(name) ? `${unit} must not use node:${name}` : null;
    }
    return rule.packages?.includes(target) ? null : `${unit} must not use the package ${target}`;
  }
  if (target.startsWith('../')) return unit.startsWith('commands/') && target.startsWith('../scenarios/') && rule.may.includes('scenarios/') ? null : `${unit} must not import ${target} (outside src/)`;
  if (unitOf(target) === unit) return null;
  if (rule.leaves !== false && LEAVES.includes(target)) return null;
  if (rule.may.some((m) => (m.endsWith('/') ? target.startsWith(m) : target === m))) return null;
  return `${unit} must not import ${target}`;
}

const BUILTINS = new Set((await import('node:module')).builtinModules);

test('every folder of src/ has a row in the rules, and every row a folder', () => {
  const units = new Set(sourceFiles().map(unitOf));
  assert.deepEqual([...units].filter((u) => !RULES[u]).sort(), [], 'folders with no rule');
  assert.deepEqual(Object.keys(RULES).filter((u) => !units.has(u)).sort(), [], 'rules of folders that are gone');
});

test('no file of src/ imports what its folder must not', () => {
  const found = sourceFiles().flatMap((rel) => importsOf(rel).map((target) => {
    const why = violation(rel, target);
    return why ? `${rel}: ${why}` : null;
  })).filter(Boolean);
  assert.deepEqual(found, []);
});

test('the rules catch what they forbid', () => {
  assert.match(violation('analyze/verdict.js', 'node:fs') ?? '', /must not use node:fs/);
  assert.match(violation('analyze/verdict.js', 'commands/shared/finish-run.js') ?? '', /must not import/);
  assert.match(violation('report/html.js', 'analyze/attribution.js') ?? '', /must not import/);
  assert.match(violation('agent/recorder.cjs', 'errors.js') ?? '', /must not import/);
  assert.match(violation('commands/attach/attach.js', 'commands/run/run.js') ?? '', /must not import/);
  assert.equal(violation('commands/compare/scenarios.js', 'commands/run/run.js'), null);
});
