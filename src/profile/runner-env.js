// The environment variable that carries the runner's job (JSON), apart from runner.js, which
// starts working as soon as it is loaded.

export const JOB_ENV = 'EVENTLOOP_PROBE_PROFILER';
