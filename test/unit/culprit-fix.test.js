// One fix per culprit over a run's blocks.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixPerCulprit } from '../../src/analyze/culprit-fix.js';

test('a culprit whose blocks disagree takes the fix most of their samples say; one that agrees, or stands alone, is left out', () => {
  const decided = fixPerCulprit([
    { label: 'p@1 run ← app.js:3', fix: 'microtask', samples: 40 },
    { label: 'p@1 run ← app.js:3', fix: 'cache-bound-offload', samples: 9 },
    { label: 'p@1 run ← app.js:3', fix: 'microtask', samples: 35 },
    null,
    { label: 'q@2 parse ← app.js:9', fix: 'compile-once', samples: 20 },
    { label: 'q@2 parse ← app.js:9', fix: 'compile-once', samples: 3 },
    { label: 'r@1 go ← app.js:12', fix: 'async-form', samples: 8 },
  ]);
  assert.deepEqual([...decided], [['p@1 run ← app.js:3', { fix: 'microtask', blocks: 3, samples: 84 }]]);
});

test('the longest block is outvoted when its samples are few; a tie goes to the fix of more blocks, then the first', () => {
  // a starved block (long, few samples) against two healthy ones
  const starved = fixPerCulprit([
    { label: 'x', fix: 'cache-bound-offload', samples: 4 },
    { label: 'x', fix: 'regex-dependency', samples: 30 },
    { label: 'x', fix: 'regex-dependency', samples: 28 },
  ]);
  assert.equal(starved.get('x')?.fix, 'regex-dependency');
  const tie = fixPerCulprit([
    { label: 'y', fix: 'own-loop', samples: 10 },
    { label: 'y', fix: 'allocation', samples: 5 },
    { label: 'y', fix: 'allocation', samples: 5 },
  ]);
  assert.equal(tie.get('y')?.fix, 'allocation');
  assert.equal(fixPerCulprit([{ label: 'z', fix: 'own-loop', samples: 7 }, { label: 'z', fix: 'nextTick', samples: 7 }]).get('z')?.fix, 'own-loop');
});

test('start-up blocks and blocks with no fix keep their own and do not vote', () => {
  const decided = fixPerCulprit([
    { label: 'init app.js:2', fix: 'startup', samples: 90 },
    { label: 'init app.js:2', fix: 'own-loop', samples: 10 },
    { label: 'init app.js:2', fix: 'none', samples: 50 },
  ]);
  assert.equal(decided.size, 0);
});
