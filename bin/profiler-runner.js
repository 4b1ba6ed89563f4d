#!/usr/bin/env node
// The profiler runner's process (see src/profile/runner.js): started by the tool with
// --profiler 0x or --clinic <tool>, never by a user. It ends when its job is done.
import { runProfilerJob } from '../src/profile/runner.js';

runProfilerJob().then((code) => process.exit(code));
