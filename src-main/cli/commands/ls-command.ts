// `cli ls --db FILE [--json]`: every indexed document with its content hash and node count, so
// that two index states (incremental vs clean rebuild) can be compared (issue 3).
import { engineInternals } from '../../engine/create-engine.ts';
import { defineCommand } from '../command.ts';
import { withIndex } from '../open-index.ts';
import { terminalLine } from '../terminal-text.ts';

const options = { db: { type: 'string' }, json: { type: 'boolean' } } as const;

export const command = defineCommand({
  usage: 'ls --db FILE [--json]',
  options,
  async run({ values }, io) {
    return withIndex(values.db, async (engine) => {
      const documents = engineInternals(engine)
        .reader.documents()
        .map((d) => ({
          docId: `${d.vault}:${d.path}`,
          hash: d.hash,
          nodes: d.node_count,
        }));
      if (values.json) io.stdout.write(`${JSON.stringify({ documents })}\n`);
      // A file name holding a tab or a line break must not split its record.
      else
        for (const d of documents)
          io.stdout.write(`${terminalLine(d.docId)}\t${d.hash}\t${d.nodes}\n`);
      return 0;
    });
  },
});
