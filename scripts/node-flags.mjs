// The Node.js options `serve` runs with, wherever it is started: bin/calendar-access.js's first
// line, `npm start`, the Dockerfile, scripts/cluster.mjs, bench/events.ts and bench/me-cpu.ts
// (test/docs/node-flags.test.ts checks that each says the same).
//
// --max-semi-space-size=2: V8's young generation, where a request's short-lived objects are made,
// at most 2 × 2 MB instead of 2 × 16 MB (Node 20) or 2 × 32 MB (Node 24). A server's garbage is
// mostly a request's own, dead by the next scavenge, so small semi-spaces cost little: measured on
// PGlite with five owners of up to 100,000 events in one folder under bench/events.ts's load, the
// server's RSS at most went from 328 MB (Node 20's default) to 295-310 MB with 4 MB and 277 MB with
// 2 MB, with no loss of req/s beyond the machine's noise (docs/decisions.md "Memory").
export const SERVE_NODE_FLAGS = ['--max-semi-space-size=2'];
