// A compact, readable rendering of query trees for the case table.
import type { ParsedQuery, QueryNode } from '../../../src-main/engine/query/ast.ts';

function node(n: QueryNode): string {
  switch (n.type) {
    case 'term':
      return `${n.field ? n.field + ':' : ''}${n.text}${n.prefix ? '*' : ''}`;
    case 'phrase':
      return `${n.field ? n.field + ':' : ''}"${n.text}"`;
    case 'not':
      return `-${node(n.child)}`;
    case 'and':
    case 'or':
      return `(${n.type} ${n.children.map(node).join(' ')})`;
  }
}

/** `(and a (or b c))`, then the filters: `vault=x`, `!vault=x`, `path=x/`, `!path=x/`. */
export function showQuery(query: ParsedQuery): string {
  const parts = [query.root ? node(query.root) : '∅'];
  for (const v of query.filters.vaults) parts.push(`vault=${v}`);
  for (const v of query.filters.excludeVaults) parts.push(`!vault=${v}`);
  for (const p of query.filters.pathPrefixes) parts.push(`path=${p}`);
  for (const p of query.filters.excludePathPrefixes) parts.push(`!path=${p}`);
  return parts.join(' ');
}
