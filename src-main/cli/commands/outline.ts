// `cli outline --db FILE DOCID [--json]` (SPEC §9): a document's node tree.
import type { OutlineResponse } from '../../contract/api.ts';
import { parseCommandArgs, UsageError, type CliCommand } from '../command.ts';
import { withIndex } from '../open-index.ts';

const options = { db: { type: 'string' }, json: { type: 'boolean' } } as const;

function formatOutline(outline: OutlineResponse): string {
  const lines = [
    `${outline.docId}  "${outline.fileTitle}"${outline.tags.length ? `  tags: ${outline.tags.join(', ')}` : ''}`,
  ];
  for (const node of outline.nodes) {
    if (node.depth === 0) continue;
    const range =
      node.startLine === node.endLine ? `${node.startLine}` : `${node.startLine}-${node.endLine}`;
    const marker = node.isChunk ? '' : '  (no body)';
    lines.push(
      `${'  '.repeat(node.depth)}${'#'.repeat(node.depth)} ${node.title}  #${node.slug}  lines ${range}${marker}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export const command: CliCommand = {
  usage: 'outline --db FILE DOCID [--json]',
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, options);
    if (positionals.length !== 1)
      throw new UsageError('exactly one DOCID (vault:path) is required');
    return withIndex(values.db, async (engine) => {
      const outline = await engine.outline({ docId: positionals[0]! });
      io.stdout.write(values.json ? `${JSON.stringify(outline)}\n` : formatOutline(outline));
      return 0;
    });
  },
};
