import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as parse from '../../src/options.js';

test('durations accept seconds and units', () => {
  assert.equal(parse.seconds('10'), 10);
  assert.equal(parse.seconds('2.5'), 2.5);
  assert.equal(parse.seconds('500ms'), 0.5);
  assert.equal(parse.seconds('2m'), 120);
  for (const bad of ['abc', '-1', '0', '', '1h']) assert.throws(() => parse.seconds(bad), /positive duration/);
});

test('headers and routes accumulate', () => {
  assert.deepEqual(parse.header('B: 2', parse.header('A: 1: x')), { a: '1: x', b: '2' });
  assert.deepEqual(parse.route('/b', parse.route('/a')), ['/a', '/b']);
  assert.throws(() => parse.route('a'), /starting with \//);
});

test('numbers are checked', () => {
  assert.equal(parse.positiveInt('3'), 3);
  assert.throws(() => parse.positiveInt('1.5'));
  assert.equal(parse.positiveMs('50ms'), 50);
  assert.throws(() => parse.positiveMs('0'));
  assert.equal(parse.port('8080'), 8080);
  assert.equal(parse.httpMethod('post'), 'POST');
});
