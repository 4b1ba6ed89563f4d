// `run --scenario <name>`: which scenario module the agent loads into the target, checked before
// anything starts.

import scenarios from '../../../scenarios/index.cjs';
import { UsageError } from '../../errors.js';
import { RUN_DEFAULTS } from '../../defaults.js';

export const SCENARIO_NAMES = scenarios.NAMES;

/** @param {string} name @param {number} [rounds] */
export function scenarioConfig(name, rounds = RUN_DEFAULTS.rounds) {
  const file = scenarios.scenarioPath(name);
  if (!file) throw new UsageError(`unknown scenario: ${name}`, `one of ${SCENARIO_NAMES.join(', ')}`);
  return { path: file, name, rounds };
}
