// The index worker entry, starting a second late — as it does on a loaded machine, where loading
// its modules and better-sqlite3 takes seconds.
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
await import('../../../../src-main/engine/indexing/index-worker.ts');
