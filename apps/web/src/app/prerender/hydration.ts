import { DEFAULT_SETTINGS, useSettingsStore } from '../../lib/settings-store';

/** Set on #root by the build when it holds the prerendered markup of this path (scripts/prerender-login.mjs). */
export const PRERENDERED_ATTR = 'data-prerendered';

/** The year the markup was rendered in; the client renders that year while hydrating, then its own. */
export const RENDER_YEAR = Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear();

/**
 * Hydrate only markup rendered for this very path, and only with the default theme colour: the markup
 * carries antd's class names hashed from the theme, and a colour stored by the user would not match them.
 */
export function shouldHydrate(container: HTMLElement, pathname: string): boolean {
  if (container.getAttribute(PRERENDERED_ATTR) !== pathname || !container.hasChildNodes()) return false;
  return useSettingsStore.getState().color === DEFAULT_SETTINGS.color;
}
