// A part of a pane that folds to its header where the window has little room (the outline's key
// and "Linked from", docs/ui.md#the-outline): open or folded by the room until the user toggles it,
// then as the user left it for the page's life, as the outline's collapsed headings are.

export class Fold {
  /** The user's choice; null until the first toggle. */
  #chosen: boolean | null = $state(null);
  readonly #roomy: () => boolean;

  /** `roomy`: whether the window has room for the part open (read reactively). */
  constructor(roomy: () => boolean) {
    this.#roomy = roomy;
  }

  get open(): boolean {
    return this.#chosen ?? this.#roomy();
  }

  toggle(): void {
    this.#chosen = !this.open;
  }
}
