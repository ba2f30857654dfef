import type { ReactNode } from 'react';
import { hydrateRoot, type HydrationOptions, type Root } from 'react-dom/client';
import { DEFAULT_SETTINGS, useSettingsStore } from '@/lib/settings-store';
import { STATIC_PAGES } from '../router/component-registry';

/** Set on #root by the build when it holds the prerendered markup of this path (scripts/prerender-login.mjs). */
export const PRERENDERED_ATTR = 'data-prerendered';

/**
 * Hydrate only markup rendered for this very path, and only with the default theme colour: the markup
 * carries antd's class names hashed from the theme, and a colour stored by the user would not match them.
 */
export function shouldHydrate(container: HTMLElement, pathname: string): boolean {
  if (container.getAttribute(PRERENDERED_ATTR) !== pathname || !container.hasChildNodes()) return false;
  return useSettingsStore.getState().color === DEFAULT_SETTINGS.color;
}

/**
 * Hydrates the prerendered login page once its chunk is in (login.html preloads it beside the entry). A page
 * still loading would leave its markup dehydrated, and the first update reaching it (the theme learning that the
 * user asks for less motion) would make React throw that markup away and render the page again.
 */
export async function hydrateLoginPage(
  container: HTMLElement,
  tree: ReactNode,
  options?: HydrationOptions,
): Promise<Root> {
  // A chunk that fails to load is the page's error boundary's business, as without prerendering.
  await STATIC_PAGES.login.preload?.().catch(() => undefined);
  return hydrateRoot(container, tree, options);
}
