// Vault file rules (docs/design.md#files-indexed): which files are indexed, which are skipped,
// and how a vault is walked.
export { documentKind } from './document-kind.ts';
export { compileIgnoreGlobs, isIgnored } from './ignore.ts';
export { notTextReason } from './not-text.ts';
export { walkVault, type VaultFile, type WalkOptions } from './walk-vault.ts';
