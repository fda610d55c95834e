// A Folio MCP server over stdio, as `cli mcp` serves, whose `search` answers each of the bench's
// queries with the engine's answer recorded at start: `mcp.bench.ts` times the round trip without
// the search — the pipe both ways, waking both processes, the SDK's checks, Folio's rendering.
//   node bench/mcp-recorded-server.ts DB QUERIES_FILE LIMIT
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { readFileSync } from 'node:fs';
import type { SearchRequest, SearchResponse } from '#shared/contract/api.ts';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../src-main/engine/create-engine.ts';
import { registerInternals } from '../src-main/engine/service/engine-internals.ts';
import { createFolioMcpServer } from '../src-main/mcp/server.ts';

const [db, queriesFile, limit] = process.argv.slice(2);
const engine = await createEngine({ dbPath: db!, readOnly: true });
const recorded = new Map<string, SearchResponse>();
for (const query of JSON.parse(readFileSync(queriesFile!, 'utf8')) as string[]) {
  recorded.set(query, await engine.search({ queries: [query], limit: Number(limit) }));
}
const bound = (value: unknown, target: object) =>
  typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
// Every other call goes to the engine itself (a query not recorded is searched).
const answering = new Proxy(engine, {
  get: (target, key) =>
    key === 'search'
      ? (request: SearchRequest) =>
          Promise.resolve(recorded.get(request.queries[0]!) ?? target.search(request))
      : bound(Reflect.get(target, key), target),
}) satisfies EngineService;
// The tools reach the engine's internals (which vaults are indexing; paths for a hint) by the
// service they are given: the proxy's are the engine's.
registerInternals(answering, () => engineInternals(engine));
const server = createFolioMcpServer({ engine: answering, version: 'bench', log: console.error });
await server.connect(new StdioServerTransport());
process.stdin.once('end', () => void server.close().then(() => engine.close()));
