// The parts of a window the specs use, found as a user finds them: by role and name.
import type { Page } from '@playwright/test';

/** The main window's search box. */
export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

/** The main window's result rows. */
export const results = (page: Page) =>
  page.getByRole('listbox', { name: 'Results' }).getByRole('option');

/** The preview pane (of either window). */
export const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });
