// The vault panel's state: the registered vaults, live indexing progress per vault, and the
// files that could not be indexed.
import type { FileError, FolioApi, IndexProgress, VaultInfo } from '#shared/contract/api.ts';

/** Options of a `VaultsState`. */
export interface VaultsOptions {
  /**
   * While files are being indexed, the vault list (its document counts) is reloaded at most this
   * often, in milliseconds (default 1000).
   */
  countRefreshMs?: number;
}

/** Registered vaults, their indexing progress and file errors. */
export class VaultsState {
  vaults = $state.raw<VaultInfo[]>([]);
  /** Latest progress per vault name; a vault drops out when its indexing is done. */
  progress = $state.raw<Readonly<Record<string, IndexProgress>>>({});
  /** Files that could not be indexed, every vault. */
  fileErrors = $state.raw<FileError[]>([]);
  /** The last failed action, shown in the panel. */
  error = $state<string | null>(null);
  /** An action is running (buttons are disabled meanwhile). */
  busy = $state(false);
  /** The last action asked for: the next one runs after it. */
  #queue: Promise<unknown> = Promise.resolve();
  /** The vault list has been loaded once (the empty state is real). */
  loaded = $state(false);

  readonly #api: FolioApi;
  readonly #countRefreshMs: number;
  #countRefresh: ReturnType<typeof setTimeout> | null = null;

  constructor(api: FolioApi, options: VaultsOptions = {}) {
    this.#api = api;
    this.#countRefreshMs = options.countRefreshMs ?? 1000;
  }

  /** Subscribes to vault, progress and index events; returns the unsubscribe function. */
  connect(): () => void {
    const stops = [
      this.#api.onVaultsChanged((vaults) => {
        this.vaults = vaults;
        void this.loadErrors();
      }),
      this.#api.onIndexProgress((progress) => this.#progressed(progress)),
      this.#api.onIndexChanged(() => this.#scheduleCountRefresh()),
    ];
    return () => {
      stops.forEach((stop) => stop());
      if (this.#countRefresh !== null) clearTimeout(this.#countRefresh);
    };
  }

  async load(): Promise<void> {
    const answer = await this.#api.listVaults();
    if (answer.ok) this.vaults = answer.value;
    else this.error = answer.error.message;
    this.loaded = true;
    await this.loadErrors();
  }

  async loadErrors(): Promise<void> {
    const answer = await this.#api.listFileErrors({});
    if (answer.ok) this.fileErrors = answer.value;
  }

  /** Adds the folder at `root` (absolute, or `~/…`); resolves to true when it was added. */
  add(root: string): Promise<boolean> {
    const trimmed = root.trim();
    if (trimmed === '') {
      this.error = 'Type the path of a folder to add (~/notes or an absolute path).';
      return Promise.resolve(false);
    }
    return this.#act(async () => {
      const answer = await this.#api.addVault({ root: trimmed });
      if (!answer.ok) return answer.error.message;
      this.vaults = [
        ...this.vaults.filter((vault) => vault.name !== answer.value.name),
        answer.value,
      ];
      return null;
    });
  }

  /** Asks the OS for a folder and adds it; false when cancelled or failed. */
  async pickAndAdd(): Promise<boolean> {
    const answer = await this.#api.pickFolder();
    if (!answer.ok) {
      this.error = answer.error.message;
      return false;
    }
    return answer.value === null ? false : this.add(answer.value);
  }

  remove(name: string): Promise<boolean> {
    return this.#act(async () => {
      const answer = await this.#api.removeVault({ name });
      if (!answer.ok) return answer.error.message;
      this.vaults = this.vaults.filter((vault) => vault.name !== name);
      return null;
    });
  }

  reindex(name: string): Promise<boolean> {
    return this.#act(async () => {
      const answer = await this.#api.reindexVault({ name });
      return answer.ok ? null : answer.error.message;
    });
  }

  setPinned(name: string, pinned: boolean): Promise<boolean> {
    return this.#act(async () => {
      const answer = await this.#api.updateVault({ name, pinned });
      if (!answer.ok) return answer.error.message;
      this.vaults = this.vaults.map((vault) => (vault.name === name ? answer.value : vault));
      return null;
    });
  }

  /** Sets the vault's ignore globs (relative to its root); the engine then re-reads the folder. */
  setIgnore(name: string, ignore: string[]): Promise<boolean> {
    return this.#act(async () => {
      const answer = await this.#api.updateVault({ name, ignore });
      if (!answer.ok) return answer.error.message;
      this.vaults = this.vaults.map((vault) => (vault.name === name ? answer.value : vault));
      return null;
    });
  }

  /**
   * Runs an action that resolves to an error message or null; true when it succeeded. One at a
   * time: an action asked for while another runs waits for it, so a key pressed meanwhile is
   * never lost (the buttons stay focusable, not disabled, so the keyboard focus stays put).
   */
  #act(action: () => Promise<string | null>): Promise<boolean> {
    const run = this.#queue.then(async () => {
      this.busy = true;
      this.error = null;
      try {
        const problem = await action();
        this.error = problem;
        return problem === null;
      } finally {
        this.busy = false;
      }
    });
    this.#queue = run.catch(() => false);
    return run;
  }

  /**
   * Document counts follow the index as it grows: searches run on what is committed while a
   * vault is indexed, so the count says what a search covers now. Once per interval at most
   * (a full index commits many batches a second); the last batch is always counted.
   */
  #scheduleCountRefresh(): void {
    if (this.#countRefresh !== null) return;
    this.#countRefresh = setTimeout(async () => {
      this.#countRefresh = null;
      const answer = await this.#api.listVaults();
      if (answer.ok) this.vaults = answer.value;
    }, this.#countRefreshMs);
  }

  #progressed(progress: IndexProgress): void {
    const next = { ...this.progress };
    if (progress.phase === 'done') {
      delete next[progress.vault];
      void this.load();
    } else next[progress.vault] = progress;
    this.progress = next;
  }
}
