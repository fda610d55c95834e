// Runs a labelled query set through the real search of an engine and scores it. The engine side
// is only `search` and `outline`, so the CLI and the regression test share this code; the parent
// relation for "a result counts when it contains the answer" comes from the documents' outlines.
import type { EngineService } from '#shared/contract/engine.ts';
import { FolioError } from '#shared/contract/engine.ts';
import { evaluate, EVAL_CUTOFF, type EvalReport, type QueryRun } from './metrics.ts';
import { labelDocId, labelToId, type LabelledQuery, type QuerySet } from './query-set.ts';

/** How a query set is run. */
export interface EvalOptions {
  /** The vault whose root the labels are relative to. */
  vault: string;
  /**
   * Results requested per query; at least 10. Partial matches depend on it
   * (docs/design.md#whole-and-partial-matches).
   */
  limit: number;
  /** Strict AND: no partial matches. */
  strict: boolean;
}

/** A scored run, plus problems with the labels that did not stop it. */
export interface EvalOutcome {
  report: EvalReport;
  /** One line per label that is not a node of the index (such a query can only miss). */
  warnings: string[];
}

type EvalEngine = Pick<EngineService, 'search' | 'outline'>;

/** Picks the vault the labels refer to: the one requested, or the only one there is. */
export function pickVault(names: readonly string[], requested: string | undefined): string {
  const list = names.length === 0 ? '(none)' : [...names].sort().join(', ');
  if (requested !== undefined) {
    if (names.includes(requested)) return requested;
    throw new Error(`--vault "${requested}" is not in the database (vaults: ${list})`);
  }
  if (names.length === 1) return names[0]!;
  throw new Error(`the database has ${names.length} vaults (${list}); choose one with --vault`);
}

/** Parent of every node of the labelled documents; warns about labels the index lacks. */
async function loadParents(engine: EvalEngine, set: QuerySet, vault: string, warnings: string[]) {
  const parents = new Map<string, string | null>();
  const missingDocs = new Set<string>();
  const labels = set.queries.flatMap((query) => [query.expected, ...(query.also ?? [])]);
  for (const docId of new Set(labels.map((label) => labelDocId(vault, label)))) {
    try {
      const outline = await engine.outline({ docId });
      for (const node of outline.nodes) parents.set(node.id, node.parentId);
    } catch (error) {
      if (!(error instanceof FolioError && error.code === 'not-found')) throw error;
      missingDocs.add(docId);
    }
  }
  for (const label of new Set(labels)) {
    if (missingDocs.has(labelDocId(vault, label))) {
      warnings.push(`label "${label}": no such document in vault "${vault}"`);
    } else if (!parents.has(labelToId(vault, label))) {
      warnings.push(`label "${label}": no such section in vault "${vault}"`);
    }
  }
  return parents;
}

/** Node ids of a query's `expected` label, then each `also`. */
function labelIdsOf(query: LabelledQuery, vault: string): string[] {
  return [query.expected, ...(query.also ?? [])].map((label) => labelToId(vault, label));
}

/** Searches every query of the set and scores the results at the cut-off of 10. */
export async function runEval(
  engine: EvalEngine,
  set: QuerySet,
  options: EvalOptions,
): Promise<EvalOutcome> {
  if (!Number.isInteger(options.limit) || options.limit < EVAL_CUTOFF) {
    throw new Error(`limit must be an integer of at least ${EVAL_CUTOFF}, got ${options.limit}`);
  }
  const warnings: string[] = [];
  const parents = await loadParents(engine, set, options.vault, warnings);
  const runs: QueryRun[] = [];
  for (const query of set.queries) {
    const response = await engine.search({
      queries: [query.q],
      limit: options.limit,
      strict: options.strict,
    });
    runs.push({
      query,
      labelIds: labelIdsOf(query, options.vault),
      results: response.results.map(({ id, breadcrumb }) => ({ id, breadcrumb })),
    });
  }
  return { report: evaluate(runs, (id) => parents.get(id)), warnings };
}
