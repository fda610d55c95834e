// `cli chunk [--vault NAME] [--root DIR] [--workers N] PATH…` (docs/design.md#command-line): the
// chunk tree of each file as JSON Lines, one `{"docId","fileTitle","nodes":[…]}` per document, in
// walk order.
//
// Folders are chunked on `--workers` worker threads (default: see `defaultWorkers`) and on this
// thread too, in batches; output keeps the walk order.
//
// Exit status: 0 when every named PATH was chunked; 1 when a named PATH is missing, unreadable,
// outside --root, or not a markdown/text file — the other paths still print. Files found by walking
// a folder follow the vault rules: one that cannot be read or is not text (UTF-16, binary) is
// reported on stderr and skipped, as indexing would skip it, without failing the command.
// Frontmatter problems are warnings on stderr; the file still prints.
import { once } from 'node:events';
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { chunkFileBatch, type FileBatch, type FileTask } from '../../engine/chunk/chunk-file.ts';
import { createChunkPool, type ChunkPool } from '../../engine/chunk/chunk-pool.ts';
import { documentKind, extensionsOf, type DocumentKind } from '../../engine/files/document-kind.ts';
import { NotRegularFileError } from '../../engine/files/regular-file.ts';
import { walkVault } from '../../engine/files/walk-vault.ts';
import { CliError, type CliIo, defineCommand, intOption, oneLine, UsageError } from '../command.ts';
import { WORKERS_RANGE } from '../option-bounds.ts';

const options = {
  vault: { type: 'string' },
  root: { type: 'string' },
  workers: { type: 'string' },
} as const;

/** A batch goes to a worker when it holds this many files or this many bytes. */
const BATCH_FILES = 32;
const BATCH_BYTES = 256 * 1024;
/** Batches queued per worker: enough to keep workers busy, few enough to bound memory. */
const WINDOW_PER_WORKER = 4;
/** Batches waiting to be printed, at most (their lines are held in memory). */
const MAX_PENDING = 16;

/** Why a file named on the command line is not chunked: its extension is none indexed. */
const NOT_A_DOCUMENT = `not a markdown (${listed('markdown')}) or text (${listed('text')}) file`;

/** The extensions of a kind, as a message lists them. */
function listed(kind: DocumentKind): string {
  return extensionsOf(kind).join(', ');
}

interface Batch {
  tasks: FileTask[];
  /** Named on the command line (its failure fails the command), or found by a walk. */
  named: boolean[];
  bytes: number;
}

interface Pending {
  batch: Batch;
  result: Promise<FileBatch>;
  /** Set once `result` has settled, so that finished batches print without waiting. */
  done: boolean;
}

export const command = defineCommand({
  usage: 'chunk [--vault NAME] [--root DIR] [--workers N] PATH…',
  options,
  async run({ values, positionals }, io) {
    const vault = values.vault ?? 'v';
    if (!/^[a-z0-9_-]+$/.test(vault)) {
      throw new UsageError(`--vault must match [a-z0-9_-]+, got "${vault}"`);
    }
    const root = values.root === undefined ? null : resolve(values.root);
    if (root !== null && !(await isFolder(root))) {
      throw new CliError(`--root ${values.root}: not a folder`);
    }
    const workers =
      intOption(values.workers, '--workers', WORKERS_RANGE) ??
      defaultWorkers(availableParallelism());
    const run = new ChunkRun(io, vault, root);
    // Workers pay off only for folders; a few named files are quicker in this thread.
    const folders = await Promise.all(positionals.map((path) => isFolder(resolve(path))));
    if (workers > 0 && folders.some(Boolean)) run.pool = createChunkPool({ workers });
    try {
      for (const path of positionals) {
        if (io.signal.aborted) break;
        await run.add(path);
      }
      await run.finish();
    } finally {
      await run.pool?.close();
    }
    if (io.signal.aborted) {
      io.stderr.write('folio chunk: interrupted\n');
      return 1;
    }
    return run.failed ? 1 : 0;
  },
});

/** One `cli chunk` invocation: queues files, prints their lines in order. */
class ChunkRun {
  pool: ChunkPool | null = null;
  failed = false;
  private readonly io: CliIo;
  private readonly vault: string;
  private readonly root: string | null;
  private readonly pending: Pending[] = [];
  /** Batches handed to the pool and not yet back. */
  private inPool = 0;
  private batch: Batch = { tasks: [], named: [], bytes: 0 };

  constructor(io: CliIo, vault: string, root: string | null) {
    this.io = io;
    this.vault = vault;
    this.root = root;
  }

  /** Queues a named PATH: a file, or every indexed file of a folder. */
  async add(path: string): Promise<void> {
    const abs = resolve(path);
    let info;
    try {
      info = await stat(abs);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return this.fail(
        path,
        code === 'ENOENT' ? 'no such file or folder' : `cannot be read (${code})`,
      );
    }
    if (info.isDirectory()) return this.addFolder(path, abs);
    if (!info.isFile()) return this.fail(path, 'not a file or folder');
    const relPath = this.relativePath(path, this.root ?? dirname(abs), abs);
    if (relPath === null) return;
    const kind = documentKind(abs);
    if (!kind) return this.fail(path, NOT_A_DOCUMENT);
    await this.enqueue({ vault: this.vault, path: relPath, absPath: abs, kind }, true, info.size);
  }

  private async addFolder(path: string, abs: string): Promise<void> {
    const base = this.root ?? abs;
    const prefix = this.relativePath(path, base, abs);
    if (prefix === null) return;
    const onError = (rel: string, error: Error) => {
      // A pipe, a device or a link the walk refuses says why (`ESYSTEM` alone said nothing).
      const code = (error as NodeJS.ErrnoException).code ?? error.message;
      const why = error instanceof NotRegularFileError ? error.message : `cannot be read (${code})`;
      this.report(joinPath(path, rel), `skipped: ${why}`);
    };
    for await (const file of walkVault(abs, { onError })) {
      if (this.io.signal.aborted) return;
      const task = {
        vault: this.vault,
        path: joinPath(prefix, file.path),
        absPath: file.absPath,
        kind: file.kind,
      };
      await this.enqueue(task, false, file.size);
    }
  }

  /** `abs` relative to `base`, `/`-separated; null (and a failure) when it lies outside. */
  private relativePath(path: string, base: string, abs: string): string | null {
    const rel = relative(base, abs);
    if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
      this.fail(path, `outside --root ${base}`);
      return null;
    }
    return rel.split(sep).join('/');
  }

  private async enqueue(task: FileTask, named: boolean, size: number): Promise<void> {
    const batch = this.batch;
    batch.tasks.push(task);
    batch.named.push(named);
    batch.bytes += size;
    // Without workers every file is its own batch: nothing is gained by waiting.
    if (this.pool && batch.tasks.length < BATCH_FILES && batch.bytes < BATCH_BYTES) return;
    await this.dispatch();
  }

  /**
   * Hands the current batch to a worker when one has room, else chunks it on this thread (which
   * would otherwise only wait); then prints whatever has finished, in order.
   */
  private async dispatch(): Promise<void> {
    const batch = this.batch;
    if (batch.tasks.length === 0) return;
    this.batch = { tasks: [], named: [], bytes: 0 };
    const pool = this.pool;
    let pending: Pending;
    if (pool && this.inPool < pool.size * WINDOW_PER_WORKER) {
      this.inPool++;
      pending = { batch, result: pool.chunkFiles(batch.tasks), done: false };
      void pending.result.finally(() => {
        pending.done = true;
        this.inPool--;
      });
    } else {
      pending = { batch, result: Promise.resolve(chunkFileBatch(batch.tasks)), done: true };
    }
    this.pending.push(pending);
    while (
      this.pending.length > 0 &&
      (this.pending[0]!.done || this.pending.length >= MAX_PENDING)
    ) {
      await this.printNext();
    }
  }

  /** Prints what is still in flight. */
  async finish(): Promise<void> {
    await this.dispatch();
    while (this.pending.length > 0) await this.printNext();
  }

  private async printNext(): Promise<void> {
    const { batch, result } = this.pending.shift()!;
    const { lines, outcomes } = await result;
    outcomes.forEach((outcome, index) => {
      if (outcome.ok && outcome.warnings.length === 0) return;
      const where = displayPath(batch.tasks[index]!.absPath);
      if (outcome.ok) {
        for (const warning of outcome.warnings) this.report(where, warning);
      } else if (batch.named[index]) {
        this.fail(where, outcome.reason);
      } else {
        this.report(where, `skipped: ${outcome.reason}`);
      }
    });
    if (lines.length > 0 && !this.io.stdout.write(lines)) await once(this.io.stdout, 'drain');
  }

  private fail(path: string, message: string): void {
    this.failed = true;
    this.report(path, message);
  }

  private report(path: string, message: string): void {
    this.io.stderr.write(`folio chunk: ${oneLine(`${path}: ${message}`)}\n`);
  }
}

/**
 * Worker threads by default: one fewer than cores (this thread chunks too), but none on two cores
 * or fewer. A worker's start, warm-up and message traffic cost about 1.2 s of CPU over msdocs-cpp
 * (3.7 s in all against 2.5 s alone, measured): on two cores that is the whole gain when idle, and
 * a loss when other processes compete for the cores.
 */
export function defaultWorkers(cores: number): number {
  return cores > 2 ? cores - 1 : 0;
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

function joinPath(prefix: string, rel: string): string {
  return prefix === '' ? rel : `${prefix}/${rel}`;
}

/** A path as the user can find it: relative to the working folder when inside it. */
function displayPath(abs: string): string {
  const rel = relative(process.cwd(), abs);
  return rel && !rel.startsWith('..') ? rel : abs;
}
