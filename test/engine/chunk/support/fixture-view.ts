// The part of a chunked document that fixture expectations pin down (`*.expected.json` beside
// each fixture). Derived header fields (`headerDepths`, `sectionTitle`…) are checked against
// these by the invariant tests instead of being repeated in every expectation.
import type { ChunkedDocument } from '../../../../src-main/engine/chunk/types.ts';

/** The fields of a document and of its nodes that a fixture expectation lists. */
export function fixtureView(document: ChunkedDocument) {
  const { fileTitle, tags, aliases, metadata, frontmatter, warnings, size } = document;
  return {
    fileTitle,
    tags,
    aliases,
    metadata,
    frontmatter,
    warnings,
    size,
    nodes: document.nodes.map((node) => ({
      id: node.id,
      parentId: node.parentId,
      depth: node.depth,
      position: node.position,
      title: node.title,
      slug: node.slug,
      headingStart: node.headingStart,
      byteStart: node.byteStart,
      byteEnd: node.byteEnd,
      bodyRanges: node.bodyRanges,
      body: node.body,
      isChunk: node.isChunk,
      startLine: node.startLine,
      endLine: node.endLine,
      breadcrumb: node.breadcrumb,
    })),
  };
}
