// Search quality against a peer (issue 7): MiniSearch — the library behind Obsidian's Omnisearch,
// with OR semantics, prefix and fuzzy matching — given the same sections Folio indexes (one
// document per chunk-tree node: its title, its breadcrumb and its own body, the title boosted),
// and Folio, on every committed labelled set, scored alike (MRR@10, recall@10; a result counts
// when it is the labelled node or holds it).
//   npm run bench -- peers
//   FOLIO_EXTRA_SETS=/path/set.queries.json=/vault/root,… adds sets kept outside the repository.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import MiniSearch from 'minisearch';
import type { EngineService } from '#shared/contract/engine.ts';
import { chunkDocument } from '../src-main/engine/chunk/chunk-document.ts';
import { createEngine, engineInternals } from '../src-main/engine/create-engine.ts';
import { evaluate, type QueryRun } from '../src-main/engine/eval/metrics.ts';
import { labelToId, parseQuerySet, type QuerySet } from '../src-main/engine/eval/query-set.ts';
import { runEval } from '../src-main/engine/eval/run-eval.ts';
import { walkVault } from '../src-main/engine/files/walk-vault.ts';
import { loadSet, QUERY_SETS } from '../test/eval/query-sets.ts';

const VAULT = 'v';
const LIMIT = 20;

interface Section {
  id: string;
  title: string;
  crumbs: string;
  body: string;
}

interface Vault {
  sections: Section[];
  parents: Map<string, string | null>;
}

async function chunkVault(root: string): Promise<Vault> {
  const sections: Section[] = [];
  const parents = new Map<string, string | null>();
  for await (const file of walkVault(root)) {
    const bytes = readFileSync(file.absPath);
    const document = chunkDocument({ vault: VAULT, path: file.path, bytes, kind: file.kind });
    for (const node of document.nodes) {
      parents.set(node.id, node.parentId);
      const title = node.depth === 0 ? document.fileTitle : node.title;
      sections.push({ id: node.id, title, crumbs: node.headerPath.join(' '), body: node.body });
    }
  }
  return { sections, parents };
}

/** MiniSearch as Omnisearch configures it: OR, prefix, fuzzy 0.2, the title boosted. */
function miniSearch(vault: Vault, set: QuerySet) {
  const index = new MiniSearch<Section>({
    fields: ['title', 'crumbs', 'body'],
    searchOptions: {
      boost: { title: 2, crumbs: 1.5 },
      prefix: true,
      fuzzy: 0.2,
      combineWith: 'OR',
    },
  });
  index.addAll(vault.sections);
  const runs: QueryRun[] = set.queries.map((query) => ({
    query,
    labelIds: [query.expected, ...(query.also ?? [])].map((label) => labelToId(VAULT, label)),
    results: index
      .search(query.q)
      .slice(0, LIMIT)
      .map((hit) => ({ id: String(hit.id), breadcrumb: '' })),
  }));
  return evaluate(runs, (id) => vault.parents.get(id));
}

/** One index per vault root, shared by every set over it (msdocs-cpp has four sets). */
const engines = new Map<string, Promise<EngineService>>();

async function engineFor(root: string, dir: string): Promise<EngineService> {
  let engine = engines.get(root);
  if (!engine) {
    engine = createEngine({
      dbPath: join(dir, `${engines.size}.db`),
      vaults: [{ root, name: VAULT }],
      watch: false,
    }).then(async (created) => {
      await engineInternals(created).ready();
      return created;
    });
    engines.set(root, engine);
  }
  return engine;
}

async function folio(root: string, set: QuerySet, dir: string) {
  const engine = await engineFor(root, dir);
  const { report } = await runEval(engine, set, { vault: VAULT, limit: LIMIT, strict: false });
  return report;
}

const sets = QUERY_SETS.map((committed) => ({
  name: committed.file,
  root: committed.root,
  set: loadSet(committed),
}));
for (const extra of (process.env.FOLIO_EXTRA_SETS ?? '').split(',').filter(Boolean)) {
  const [file, root] = extra.split('=') as [string, string];
  const name = `${basename(file)} (extra)`;
  sets.push({ name, root, set: parseQuerySet(readFileSync(file, 'utf8'), file) });
}

const dir = mkdtempSync(join(tmpdir(), 'folio-peers-'));
const vaults = new Map<string, Vault>();
const f = (n: number) => n.toFixed(3);
console.log('MRR@10 / recall@10, limit 20 (Folio with partial matches, as it answers by default)');
console.log(`${'set'.padEnd(44)} ${'MiniSearch (OR)'.padEnd(17)} Folio`);
try {
  for (const { name, root, set } of sets) {
    let vault = vaults.get(root);
    if (!vault) vaults.set(root, (vault = await chunkVault(root)));
    const peer = miniSearch(vault, set);
    const ours = await folio(root, set, dir);
    console.log(
      `${name.padEnd(44)} ${`${f(peer.mrr10)} / ${f(peer.recall10)}`.padEnd(17)} ` +
        `${f(ours.mrr10)} / ${f(ours.recall10)}`,
    );
  }
} finally {
  for (const engine of engines.values()) await (await engine).close();
  rmSync(dir, { recursive: true, force: true });
}
