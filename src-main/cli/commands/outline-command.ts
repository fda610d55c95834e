// `cli outline --db FILE DOCID [--json]` (docs/design.md#command-line): a document's node tree.
import type { OutlineResponse } from '#shared/contract/api.ts';
import { defineCommand, docIdArgument } from '../command.ts';
import { documentNotFound, withIndex } from '../open-index.ts';
import { terminalLine } from '../terminal-text.ts';

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
  // Titles, tags and the id come from the note and its name: each line escaped for the terminal.
  return `${lines.map(terminalLine).join('\n')}\n`;
}

export const command = defineCommand({
  usage: 'outline --db FILE DOCID [--json]',
  options,
  async run({ values, positionals }, io) {
    const docId = docIdArgument(positionals[0]!);
    return withIndex(values.db, io, async (engine) => {
      let outline;
      try {
        outline = await engine.outline({ docId });
      } catch (error) {
        throw await documentNotFound(engine, docId, error);
      }
      io.stdout.write(values.json ? `${JSON.stringify(outline)}\n` : formatOutline(outline));
      return 0;
    });
  },
});
