// `cli ls --db FILE [--json]`: every indexed document with its content hash and node count, so
// that two index states (incremental vs clean rebuild) can be compared (issue 3); `--json` adds a
// digest of each document's resolved links (docs/links.md), so the link graphs compare too.
import { engineInternals } from '../../engine/create-engine.ts';
import { LinkReader } from '../../engine/links/link-reader.ts';
import { defineCommand } from '../command.ts';
import { withIndex } from '../open-index.ts';
import { terminalLine } from '../terminal-text.ts';

const options = { db: { type: 'string' }, json: { type: 'boolean' } } as const;

export const command = defineCommand({
  usage: 'ls --db FILE [--json]',
  options,
  async run({ values }, io) {
    return withIndex(values.db, io, async (engine) => {
      const reader = engineInternals(engine).reader;
      const links = new LinkReader(reader).digests();
      const documents = reader.documents().map((d) => {
        const docId = `${d.vault}:${d.path}`;
        return { docId, hash: d.hash, nodes: d.node_count, links: links.get(docId) ?? '' };
      });
      if (values.json) io.stdout.write(`${JSON.stringify({ documents })}\n`);
      // A file name holding a tab or a line break must not split its record.
      else
        for (const d of documents)
          io.stdout.write(`${terminalLine(d.docId)}\t${d.hash}\t${d.nodes}\n`);
      return 0;
    });
  },
});
