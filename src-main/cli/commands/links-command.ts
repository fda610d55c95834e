// `cli links --db FILE [--limit N] DOCID [--json]` (docs/design.md#command-line): a document's
// outgoing links and its backlinks — every one, or the first N of each list with `--limit`.
// `cli links --db FILE --unresolved [--vault NAME]`: every link that names no note, each with its
// file and line, by vault — every one, or the first N of each vault's with `--limit`, as for a
// document's lists (docs/links.md#backlinks).
import type { LinksResponse } from '#shared/contract/api.ts';
import type { EngineService } from '#shared/contract/engine.ts';
import { engineInternals } from '../../engine/create-engine.ts';
import { LinkReader, type UnresolvedLinkAt } from '../../engine/links/link-reader.ts';
import { CliError, defineCommand, docIdArgument, intOption, UsageError } from '../command.ts';
import { LINKS_LIMIT_RANGE } from '../option-bounds.ts';
import { documentNotFound, withIndex } from '../open-index.ts';
import { terminalLine } from '../terminal-text.ts';

const options = {
  db: { type: 'string' },
  limit: { type: 'string' },
  unresolved: { type: 'boolean' },
  vault: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** The JSON of docs/design.md#command-line: exactly these fields. */
function jsonOf(links: LinksResponse): string {
  return JSON.stringify({
    docId: links.docId,
    outgoing: links.outgoing.map(({ from, to, target }) => ({ from, to, target })),
    backlinks: links.backlinks.map(({ from, to, target, context }) => ({
      from,
      to,
      target,
      context,
    })),
  });
}

/** What `--limit` left out of a list of `all`, of which `shown` are printed. */
const more = (shown: number, all: number) =>
  shown < all ? [`  … ${all - shown} more (a larger --limit shows them)`] : [];

function textOf(links: LinksResponse): string {
  const lines = [`${links.docId}`, `outgoing (${links.outgoingCount}):`];
  for (const link of links.outgoing) {
    lines.push(`  ${link.from}  →  ${link.to ?? `(unresolved) ${link.target}`}`);
  }
  lines.push(...more(links.outgoing.length, links.outgoingCount));
  lines.push(`backlinks (${links.backlinkCount}):`);
  for (const link of links.backlinks) {
    lines.push(`  ${link.from}  →  ${link.to}`, `      ${link.context}`);
  }
  lines.push(...more(links.backlinks.length, links.backlinkCount));
  return `${lines.join('\n')}\n`;
}

/** One vault's unresolved links: every one counted, the first `limit` listed. */
interface VaultUnresolved {
  vault: string;
  count: number;
  links: UnresolvedLinkAt[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function unresolvedText(vaults: VaultUnresolved[]): string {
  const lines: string[] = [];
  for (const { vault, count, links } of vaults) {
    lines.push(`${vault}: ${plural(count, 'unresolved link')}`);
    // A file name or target holding a line break or a control character must not break its line.
    for (const link of links) {
      lines.push(terminalLine(`  ${link.path}:${link.line}  →  ${link.target}`));
    }
    lines.push(...more(links.length, count));
  }
  const total = vaults.reduce((sum, v) => sum + v.count, 0);
  lines.push(`${plural(total, 'unresolved link')} in ${plural(vaults.length, 'vault')}`);
  return `${lines.join('\n')}\n`;
}

/** The JSON of docs/design.md#command-line: exactly these fields. */
function unresolvedJson(count: number, vaults: VaultUnresolved[]): string {
  return JSON.stringify({
    count,
    vaults: vaults.map(({ vault, count, links }) => ({
      vault,
      count,
      links: links.map(({ path, line, target }) => ({ path, line, target })),
    })),
  });
}

/** The links that name no note, by vault (every vault, or the one `--vault` names). */
async function unresolvedOf(
  engine: EngineService,
  vault: string | undefined,
  limit: number,
): Promise<VaultUnresolved[]> {
  const names = (await engine.listVaults()).map((v) => v.name).sort();
  if (vault !== undefined && !names.includes(vault)) {
    const list = names.length === 0 ? '(none)' : names.join(', ');
    throw new CliError(`--vault "${vault}" is not in the database (vaults: ${list})`);
  }
  const every = new LinkReader(engineInternals(engine).reader).unresolvedEach(vault ?? null);
  return (vault === undefined ? names : [vault]).map((name) => {
    const own = every.filter((link) => link.vault === name);
    return { vault: name, count: own.length, links: own.slice(0, limit) };
  });
}

export const command = defineCommand({
  usage: 'links --db FILE [--limit N] [--unresolved] [--vault NAME] [DOCID] [--json]',
  options,
  async run({ values, positionals }, io) {
    const [given] = positionals;
    if (values.unresolved && given !== undefined) {
      throw new UsageError(`give a DOCID or --unresolved, not both (got "${given}")`);
    }
    if (!values.unresolved && values.vault !== undefined) {
      throw new UsageError('--vault NAME goes with --unresolved (a DOCID names its vault)');
    }
    if (!values.unresolved && given === undefined) {
      throw new UsageError('a DOCID (or --unresolved) is required');
    }
    const limit = intOption(values.limit, '--limit', LINKS_LIMIT_RANGE) ?? LINKS_LIMIT_RANGE.max;
    if (values.unresolved) {
      return withIndex(values.db, io, async (engine) => {
        const vaults = await unresolvedOf(engine, values.vault, limit);
        const count = vaults.reduce((sum, v) => sum + v.count, 0);
        io.stdout.write(
          values.json ? `${unresolvedJson(count, vaults)}\n` : unresolvedText(vaults),
        );
        return 0;
      });
    }
    const docId = docIdArgument(given!);
    return withIndex(values.db, io, async (engine) => {
      let links;
      try {
        links = await engine.links({ docId, limit, outgoingLimit: limit });
      } catch (error) {
        throw await documentNotFound(engine, docId, error);
      }
      io.stdout.write(values.json ? `${jsonOf(links)}\n` : textOf(links));
      return 0;
    });
  },
});
