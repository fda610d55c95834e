// The settings panel's state: the settings as the engine holds them, the problems it reports
// (e.g. a shortcut that could not be registered), and updates sent one change at a time.
import type { FolioApi, Settings, SettingsPatch, SettingsState } from '#shared/contract/api.ts';

/** The settings as the engine holds them, and updates to them. */
export class AppSettingsState {
  /** The engine's settings state; null until loaded. */
  state = $state.raw<SettingsState | null>(null);
  /** The last update that failed, and why. */
  error = $state<string | null>(null);

  /** The current settings, or null until loaded. */
  settings: Settings | null = $derived(this.state?.settings ?? null);
  /** Per-setting problems to show beside their fields. */
  problems = $derived(this.state?.problems ?? {});

  readonly #api: FolioApi;
  readonly #onChange: () => void;

  /** The API, for what Settings shows beside the settings (Connect an AI assistant). */
  get api(): FolioApi {
    return this.#api;
  }

  /** `onChange` runs after every applied change (the app reruns the search). */
  constructor(api: FolioApi, onChange: () => void = () => {}) {
    this.#api = api;
    this.#onChange = onChange;
  }

  connect(): () => void {
    return this.#api.onSettingsChanged((state) => this.#apply(state));
  }

  async load(): Promise<void> {
    const answer = await this.#api.getSettings();
    if (answer.ok) this.state = answer.value;
    else this.error = answer.error.message;
  }

  /** Sends a change; resolves to true when the engine accepted it. */
  async update(patch: SettingsPatch): Promise<boolean> {
    const answer = await this.#api.updateSettings(patch);
    if (!answer.ok) {
      this.error = answer.error.message;
      return false;
    }
    this.error = null;
    this.#apply(answer.value);
    return true;
  }

  #apply(state: SettingsState): void {
    const before = this.state;
    this.state = state;
    if (before && JSON.stringify(before.settings) !== JSON.stringify(state.settings))
      this.#onChange();
  }
}
