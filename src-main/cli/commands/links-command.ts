// `cli links --db FILE [--limit N] DOCID [--json]` (docs/design.md#command-line): a document's
// outgoing links and its backlinks — every one, or the first N of each list with `--limit`.
import type { LinksResponse } from '#shared/contract/api.ts';
import { defineCommand, docIdArgument, intOption } from '../command.ts';
import { LINKS_LIMIT_RANGE } from '../option-bounds.ts';
import { documentNotFound, withIndex } from '../open-index.ts';

const options = {
  db: { type: 'string' },
  limit: { type: 'string' },
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

function textOf(links: LinksResponse): string {
  const more = (shown: number, all: number) =>
    shown < all ? [`  … ${all - shown} more (a larger --limit shows them)`] : [];
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

export const command = defineCommand({
  usage: 'links --db FILE [--limit N] DOCID [--json]',
  options,
  async run({ values, positionals }, io) {
    const docId = docIdArgument(positionals[0]!);
    const limit = intOption(values.limit, '--limit', LINKS_LIMIT_RANGE) ?? LINKS_LIMIT_RANGE.max;
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
