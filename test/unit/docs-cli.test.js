// docs/cli.md describes every option that `--help` prints, for the program and every command,
// each under its command's own heading, with the default `--help` prints.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { main } from '../../src/cli.js';
import { ROOT } from '../helpers.js';

/** The text `eventloop-probe <args>` prints. @param {string[]} args */
async function help(args) {
  let text = '';
  const sink = new Writable({ write(chunk, _encoding, done) { text += chunk; done(); } });
  const never = new AbortController().signal;
  const code = await main(args, { stdout: sink, stderr: sink, env: {}, cwd: ROOT, stop: never, kill: never });
  assert.equal(code, 0, text);
  return text;
}

/** Long option names (--x) of a help text's Options section. @param {string} text */
function optionsOf(text) {
  const section = text.split(/^Options:$/m)[1]?.split(/^\w.*:$/m)[0] ?? '';
  return [...section.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]).filter((o) => o !== '--help');
}

/** Defaults `--help` prints, by long option name ("(default: 50)", quotes removed). @param {string} text */
function defaultsOf(text) {
  const section = (text.split(/^Options:$/m)[1] ?? '').replace(/\n {20,}/g, ' ');
  /** @type {Map<string, string>} */
  const defaults = new Map();
  for (const [, option, value] of section.matchAll(/^ {2}(?:-\w, )?(--[\w-]+).*?default: ([^)]+)\)$/gm)) {
    const plain = value.replace(/"/g, '');
    if (plain !== '{}') defaults.set(option, plain);
  }
  return defaults;
}

/** Command names of the program's Commands section. @param {string} text */
function commandsOf(text) {
  const section = text.split(/^Commands:$/m)[1] ?? '';
  return [...section.matchAll(/^ {2}([\w-]+)/gm)].map((m) => m[1]).filter((c) => c !== 'help');
}

/** Whether a doc text names an option in code, alone or after its short form ("`-c, --connections <n>`"). @param {string} text @param {string} option */
function names(text, option) {
  return new RegExp(`(?:\`|, )${option}(?=[\\s\`<=\\]])`).test(text);
}

/** The part of docs/cli.md under "## <name>", up to the next "## ". @param {string} doc @param {string} name */
function sectionOf(doc, name) {
  return doc.split(/^## /m).find((s) => s.startsWith(`${name}\n`)) ?? '';
}

test('every option of --help, of the program and of each command, is in docs/cli.md under its command', async () => {
  const doc = fs.readFileSync(path.join(ROOT, 'docs', 'cli.md'), 'utf8');
  const top = await help(['--help']);
  const commands = commandsOf(top);
  assert.ok(commands.includes('run') && commands.includes('report') && commands.includes('compare'), commands.join(','));
  /** @type {string[]} */
  const missing = [];
  for (const option of optionsOf(top)) if (!names(sectionOf(doc, 'Global options'), option)) missing.push(`${option} (program)`);
  for (const command of commands) {
    const section = sectionOf(doc, command);
    if (!section) missing.push(`## ${command}`);
    const options = optionsOf(await help([command, '--help']));
    assert.ok(options.length > 0, `${command} --help lists options`);
    for (const option of options) if (!names(section, option)) missing.push(`${command} ${option}`);
  }
  assert.deepEqual(missing, [], 'missing from docs/cli.md');
});

test('the defaults of --help are the ones in the rows of docs/cli.md', async () => {
  const doc = fs.readFileSync(path.join(ROOT, 'docs', 'cli.md'), 'utf8');
  /** @type {string[]} */
  const wrong = [];
  let checked = 0;
  for (const command of commandsOf(await help(['--help']))) {
    const rows = sectionOf(doc, command).split('\n').filter((l) => l.startsWith('| `'));
    for (const [option, value] of defaultsOf(await help([command, '--help']))) {
      const row = rows.find((l) => names(l.split(' | ')[0] + ' ', option));
      checked++;
      if (!row?.split(' | ')[1]?.includes(value)) wrong.push(`${command} ${option}: --help says ${value}, the doc row: ${row}`);
    }
  }
  assert.ok(checked > 10, `${checked} defaults checked`);
  assert.deepEqual(wrong, []);
});
