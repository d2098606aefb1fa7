// A test reporter for scripts/test.mjs, beside the spec reporter: one JSON line per failure at the top
// level of a file, saying whether the file's process died of a signal (`{"file", "signal"}`) or a
// test failed (`{"file", "failed"}`). A V8 fatal error inside Node itself (nodejs/node#64500, seen on
// Node 24 in files that churn PGlite's WebAssembly) kills the file's process with a signal; no code of
// ours ends a process that way.
export default async function* testCrashes(source) {
  for await (const event of source) {
    if (event.type !== 'test:fail' || event.data.nesting !== 0) continue;
    const error = event.data.details?.error;
    const signal = error?.cause === 'test failed' && typeof error.signal === 'string' ? error.signal : null;
    yield `${JSON.stringify(signal ? { file: event.data.file, signal } : { file: event.data.file, failed: event.data.name })}\n`;
  }
}
