import { createRoot } from 'react-dom/client';
import { AppTree } from './app-tree';
import { stashTypedValues } from '@/lib/prerendered-input';
import { hydrateLoginPage, shouldHydrate } from './prerender/hydration';
import { AppRouter } from './router/app-router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const tree = (
  <AppTree>
    <AppRouter />
  </AppTree>
);

// The login page arrives rendered at build time (login.html): take over its markup instead of painting it again.
if (shouldHydrate(container, window.location.pathname)) void hydrateLoginPage(container, tree);
else {
  // Markup rendered for another colour or path: what was typed into it goes to the page rendered in its place.
  stashTypedValues(container);
  container.replaceChildren();
  createRoot(container).render(tree);
}
