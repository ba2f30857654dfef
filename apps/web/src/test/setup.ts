import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Lazy pages load their chunk on first render; on a busy two-core CI machine that takes more than the
// default second, so asynchronous queries wait up to fifteen (a bound on a hang, not a speed target).
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks the layout APIs antd's responsive components probe for.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

// jsdom does not implement pseudo-element styles; antd asks for them when measuring scrollbars.
const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element, _pseudoElt?: string | null) => originalGetComputedStyle(elt);

afterEach(async () => {
  cleanup();
  // Each test answers the platform info itself. Imported late so test files can still mock its dependencies.
  const { usePlatformStore } = await import('@/lib/platform');
  usePlatformStore.setState({ info: null, status: 'idle' });
  (await import('@/lib/password-policy')).forgetPasswordPolicy();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
