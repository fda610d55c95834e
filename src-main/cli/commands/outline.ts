// `cli outline --db FILE DOCID [--json]` (SPEC §9): a document's node tree.
import { existsSync } from 'node:fs';
import type { OutlineResponse } from '../../contract/api.ts';
import { FolioError } from '../../contract/engine.ts';
import { createEngine, engineInternals } from '../../engine/create-engine.ts';
import { CliError, parseCommandArgs, UsageError, type CliCommand } from '../command.ts';

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
    if (!values.db) throw new UsageError('--db FILE is required');
    if (positionals.length !== 1)
      throw new UsageError('exactly one DOCID (vault:path) is required');
    if (!existsSync(values.db))
      throw new CliError(`--db ${values.db}: no such database (run \`index\` first)`);
    const engine = await createEngine({ dbPath: values.db, watch: false });
    try {
      await engineInternals(engine).ready();
      const outline = await engine.outline({ docId: positionals[0]! });
      io.stdout.write(values.json ? `${JSON.stringify(outline)}\n` : formatOutline(outline));
      return 0;
    } catch (error) {
      if (error instanceof FolioError) throw new CliError(error.message);
      throw error;
    } finally {
      await engine.close();
    }
  },
};
