// The vault side of the engine: the registry joined with live status (watchers, the index
// queue), and the vault operations of `EngineService`. Index work goes to the scheduler; watching
// to `LiveVaults`; this module decides what to start and what the user sees.
import type { UpdateVaultRequest, VaultInfo, VaultStatus } from '#shared/contract/api.ts';
import { FolioError, type EngineEvent } from '#shared/contract/engine.ts';
import { compileIgnoreGlobs } from '../files/index.ts';
import type { IndexWorkerClient } from '../indexing/index-client.ts';
import type { IndexScheduler } from '../indexing/index-scheduler.ts';
import type { LiveVaults } from '../live/live-vaults.ts';
import { vaultRootState } from '../files/vault-root.ts';
import { ENGINE_DEFAULTS } from '../settings/settings.ts';
import type { VaultTarget } from '../indexing/types.ts';
import type { Registry, VaultRecord } from '../store/registry.ts';
import { addVaultChecked, vaultAt } from './vault-registration.ts';

/** What the user sees of a registered vault in that status. */
export function vaultInfo(v: VaultRecord, status: VaultStatus, problem?: string): VaultInfo {
  return {
    name: v.name,
    root: v.root,
    boost: v.pinned ? ENGINE_DEFAULTS.pinnedBoost : 1,
    pinned: v.pinned,
    ignore: v.ignore,
    status,
    ...(status === 'error' && problem ? { problem } : {}),
    documents: v.documents,
    errors: v.errors,
    sample: v.sample,
  };
}

/** What the vault operations work with. */
export interface VaultsDeps {
  registry: Registry;
  live: LiveVaults;
  scheduler: IndexScheduler;
  client: IndexWorkerClient;
  /** Follow vault folders with watchers (false: reconcile on request only). */
  watch: boolean;
  emit(event: EngineEvent): void;
  /** Runs a database read or write, turning SQLite failures into one-line errors. */
  guard<T>(work: () => T): T;
  /** True once the engine is closing: no new work starts. */
  closed(): boolean;
}

/** Vault registry operations with live status. */
export class Vaults {
  private readonly deps: VaultsDeps;
  /** The vault list last sent in `vaultsChanged` (the same list is not sent twice). */
  private lastSent = '';

  constructor(deps: VaultsDeps) {
    this.deps = deps;
  }

  /**
   * Registers the start-up vaults not yet registered; returns the names it added. All or none:
   * in one transaction, so a folder refused (inside a vault, a name taken) leaves none of the
   * folders named before it registered — the start-up fails naming it, the database as it was.
   */
  register(wanted: Array<{ root: string; name?: string; sample?: boolean }>): Set<string> {
    const { registry } = this.deps;
    const added = new Set<string>();
    registry.db.transaction(() => {
      for (const vault of wanted) {
        if (vaultAt(registry, vault.root)) continue; // registered on an earlier start
        const record = addVaultChecked(registry, vault.root, vault.name, vault.sample === true);
        added.add(record.name);
      }
    })();
    return added;
  }

  /** Removes every registered vault (and its index) whose folder is not one of `wanted`. */
  async keepOnly(wanted: Array<{ root: string }>): Promise<void> {
    const kept = new Set(wanted.map((vault) => vaultAt(this.deps.registry, vault.root)?.name));
    for (const vault of this.deps.registry.vaults()) {
      if (!kept.has(vault.name)) await this.remove(vault.name);
    }
  }

  /** Starts keeping every vault in step; `reconcile` says which need a whole pass without watchers. */
  startAll(reconcile: (name: string) => boolean): void {
    for (const vault of this.deps.registry.vaults()) {
      // Watched vaults are reconciled once their watcher runs, so no change slips in between.
      if (this.deps.watch) this.follow(vault.name);
      else if (reconcile(vault.name)) this.reconcileLater(vault.name);
    }
  }

  /** What the indexer needs of a vault (undefined once removed or the engine is closing). */
  target(name: string): VaultTarget | undefined {
    if (this.deps.closed()) return undefined;
    const vault = this.deps.registry.vault(name);
    return vault && { id: vault.id, name: vault.name, root: vault.root, ignore: vault.ignore };
  }

  infos(): VaultInfo[] {
    return this.deps.registry.vaults().map((v) => this.info(v));
  }

  /** Sends `vaultsChanged` when the list differs from the last one sent. */
  changed(): void {
    if (this.deps.closed()) return;
    const vaults = this.infos();
    const json = JSON.stringify(vaults);
    if (json === this.lastSent) return;
    this.lastSent = json;
    this.deps.emit({ type: 'vaultsChanged', vaults });
  }

  add(root: string, name: string | undefined): VaultInfo {
    const vault = this.deps.guard(() => addVaultChecked(this.deps.registry, root, name, false));
    if (this.deps.watch) this.follow(vault.name);
    else this.reconcileLater(vault.name);
    this.changed();
    return this.info(vault);
  }

  async remove(name: string): Promise<void> {
    const vault = this.named(name);
    const { live, scheduler, client, registry } = this.deps;
    await live.unfollow(vault.name);
    await scheduler.cancel(vault.name);
    await client.clearVault(vault.id);
    this.deps.guard(() => registry.removeVault(vault.id));
    scheduler.forget(vault.name);
    this.changed();
  }

  async reindex(name: string): Promise<void> {
    this.named(name);
    await this.deps.scheduler.whole(name);
  }

  async update(request: UpdateVaultRequest): Promise<VaultInfo> {
    const vault = this.named(request.name);
    const ignore = request.ignore ?? vault.ignore;
    try {
      compileIgnoreGlobs(ignore);
    } catch (error) {
      throw new FolioError(
        'invalid-argument',
        `vault "${vault.name}": ${(error as Error).message}`,
      );
    }
    const pinned = request.pinned ?? vault.pinned;
    this.deps.guard(() => this.deps.registry.updateVault(vault.id, pinned, ignore));
    if (JSON.stringify(ignore) !== JSON.stringify(vault.ignore)) {
      // The watcher applies the globs too: restart it (it then reconciles the vault).
      if (this.deps.live.state(vault.name)) await this.deps.live.restart(vault.name);
      else this.reconcileLater(vault.name);
    }
    this.changed();
    return this.info(this.named(vault.name));
  }

  /** The registered vault of that name; throws `not-found`. */
  named(name: string): VaultRecord {
    const vault = this.deps.guard(() => this.deps.registry.vault(name));
    if (!vault) throw new FolioError('not-found', `no vault named "${name}"`);
    return vault;
  }

  private info(v: VaultRecord): VaultInfo {
    const { live, scheduler } = this.deps;
    const problem = scheduler.failure(v.name) || live.problem(v.name);
    return vaultInfo(v, this.status(v, problem), problem);
  }

  /**
   * The vaults read whole now (a first index, a rebuild, a re-index, a watcher starting before
   * its reconcile) — their status `indexing`, found without counting their files.
   */
  indexingNow(): string[] {
    return this.deps.registry.vaultNames().filter((name) => this.readWhole(name));
  }

  private readWhole(name: string): boolean {
    return this.deps.scheduler.indexing(name) || this.deps.live.starting(name);
  }

  /** `problem`: why its index job or its watcher failed, if one did. */
  private status(vault: VaultRecord, problem: string | undefined): VaultStatus {
    const { live } = this.deps;
    const state = live.state(vault.name);
    if (state === 'offline' || vaultRootState(vault.root, vault.device).offline) return 'offline';
    if (this.readWhole(vault.name)) return 'indexing';
    if (problem) return 'error';
    if (live.paused) return 'paused';
    return state ?? 'idle';
  }

  // Failures of background work surface as vault status (`error`) and events, not as rejections.
  private follow(name: string): void {
    void this.deps.live.follow(name).catch(() => {});
  }

  private reconcileLater(name: string): void {
    void this.deps.scheduler.whole(name).catch(() => {});
  }
}
