import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { LOGIN_PATH } from '@district/shared';
import { AppTree } from '../app-tree';
import { AppShell } from '../router/app-router';

export interface PrerenderedPage {
  /** The markup of #root. */
  html: string;
  /** antd's styles for that markup, as <style> elements for <head> (with the cache map the client reuses). */
  styles: string;
}

/**
 * Renders the login page as the browser would at `url` (the same providers, guard, user layout and page),
 * waiting for its lazy parts, and collects the CSS-in-JS the render produced.
 */
export async function renderLoginPage(url: string = LOGIN_PATH): Promise<PrerenderedPage> {
  const cache = createCache();
  const { prelude } = await prerender(
    <StyleProvider cache={cache}>
      <AppTree>
        <StaticRouter location={url}>
          <AppShell />
        </StaticRouter>
      </AppTree>
    </StyleProvider>,
  );
  const html = await new Response(prelude).text();
  // React's server renderer leaves the last task's context values (the static router's among them) on the
  // shared context objects; an empty render restores their defaults, so a client render in the same
  // JavaScript realm (the hydration test) does not find itself inside a router.
  await prerender(<></>);
  return { html, styles: extractStyle(cache) };
}
