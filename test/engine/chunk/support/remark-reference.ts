// The reference the chunker must match (docs/design.md#headings): unified + remark-parse +
// remark-frontmatter + remark-gfm, read the straightforward way — top-level heading nodes of the
// mdast tree, titles flattened from the heading's phrasing content. Slow; used only by tests.
import type { Heading, Nodes, Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/** A top-level heading as remark sees it; lines are 1-based. */
export interface ReferenceHeading {
  depth: number;
  /** The first line of the heading's own text (a setext node also covers definitions above it). */
  firstLine: number;
  lastLine: number;
  title: string;
}

/** What remark makes of a markdown text. */
export interface ReferenceParse {
  /** Last line (1-based) of the YAML frontmatter node, or null. */
  frontmatterLastLine: number | null;
  headings: ReferenceHeading[];
}

const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm);

/** Parses `text` (decoded file content) with remark. */
export function remarkReference(text: string): ReferenceParse {
  const tree = processor.parse(text) as Root;
  const first = tree.children[0];
  const frontmatterLastLine = first?.type === 'yaml' ? first.position!.end.line : null;
  const headings = tree.children
    .filter((node): node is Heading => node.type === 'heading')
    .map((heading) => ({
      depth: heading.depth,
      firstLine: heading.children[0]?.position?.start.line ?? heading.position!.start.line,
      lastLine: heading.position!.end.line,
      title: plainText(heading.children).replace(/\s+/g, ' ').trim(),
    }));
  return { frontmatterLastLine, headings };
}

/**
 * Plain text as docs/design.md#headings says: literal code, no markup or HTML tags, image alt kept,
 * breaks as spaces.
 */
function plainText(nodes: Nodes[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
        case 'inlineCode':
          return node.value;
        case 'break':
          return ' ';
        case 'image':
        case 'imageReference':
          return node.alt ?? '';
        case 'html':
        case 'footnoteReference':
          return '';
        default:
          return 'children' in node ? plainText(node.children as Nodes[]) : '';
      }
    })
    .join('');
}
