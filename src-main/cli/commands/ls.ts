// `cli ls --db FILE [--json]`: every indexed document with its content hash and node count, so
// that two index states (incremental vs clean rebuild) can be compared (issue 3).
import { existsSync } from 'node:fs';
import { createEngine, engineInternals } from '../../engine/create-engine.ts';
import { CliError, parseCommandArgs, UsageError, type CliCommand } from '../command.ts';

const options = { db: { type: 'string' }, json: { type: 'boolean' } } as const;

export const command: CliCommand = {
  usage: 'ls --db FILE [--json]',
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, options);
    if (!values.db) throw new UsageError('--db FILE is required');
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    if (!existsSync(values.db))
      throw new CliError(`--db ${values.db}: no such database (run \`index\` first)`);
    const engine = await createEngine({ dbPath: values.db, watch: false });
    try {
      const internals = engineInternals(engine);
      await internals.ready();
      const documents = internals.reader.documents().map((d) => ({
        docId: `${d.vault}:${d.path}`,
        hash: d.hash,
        nodes: d.node_count,
      }));
      if (values.json) io.stdout.write(`${JSON.stringify({ documents })}\n`);
      else for (const d of documents) io.stdout.write(`${d.docId}\t${d.hash}\t${d.nodes}\n`);
      return 0;
    } finally {
      await engine.close();
    }
  },
};
