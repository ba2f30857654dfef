import { createRoot } from 'react-dom/client';
import { LOGIN_PATH } from '@district/shared';
import { AppTree } from './app-tree';
import { stashTypedValues } from '@/lib/prerendered-input';
import { hydrateLoginPage, shouldHydrate } from './prerender/hydration';
import { AppRouter } from './router/app-router';
import { prefetchAfterLogin } from './router/main-area';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const tree = (
  <AppTree>
    <AppRouter />
  </AppTree>
);

/** Runs `task` when the browser is idle (or after a moment where it cannot say). */
const whenIdle = (task: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(task, { timeout: 3000 }) : setTimeout(task, 1000);

// Most visits of the login page end on 首页: its chunks load while the form waits for the user.
if (window.location.pathname === LOGIN_PATH) whenIdle(() => whenIdle(prefetchAfterLogin));

// The login page arrives rendered at build time (login.html): take over its markup instead of painting it again.
if (shouldHydrate(container, window.location.pathname)) void hydrateLoginPage(container, tree);
else {
  // Markup rendered for another colour or path: what was typed into it goes to the page rendered in its place.
  stashTypedValues(container);
  container.replaceChildren();
  createRoot(container).render(tree);
}
