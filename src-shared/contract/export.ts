// The contract's export: part of the one contract (docs/architecture.md#one-contract),
// re-exported by api.ts, which every process imports.

export type ExportFormat = 'md' | 'text' | 'json';
export type BreadcrumbMode = 'conditional' | 'always' | 'none';

export interface ExportRequest {
  /** Node ids of the results to export, in rank order. */
  ids: string[];
  /** Default: the `exportFormat` setting. */
  format?: ExportFormat;
  /** Token budget (`ceil(chars / 4)`); null or absent: no budget. Default: the setting. */
  maxTokens?: number | null;
  /**
   * The breadcrumb line of each JSON entry's text (default: the `breadcrumbMode` setting);
   * Markdown and plain text give each result one breadcrumb, in its header.
   */
  breadcrumbMode?: BreadcrumbMode;
  /**
   * True (default): each result's whole section, its subsections included; false: the node's
   * own text only (its heading and the text before its first subheading).
   */
  subsections?: boolean;
}

export interface ExportResponse {
  text: string;
  /** Estimated tokens of `text`. */
  tokens: number;
  /** True when the budget cut something. */
  truncated: boolean;
  /**
   * How many of the requested results the text holds, whole or cut (the first one always, its
   * source at least, however small the budget).
   */
  included: number;
}
