import L from 'leaflet';
import { vi } from 'vitest';

/**
 * Test helper: jsdom lays nothing out and has no canvas. Gives elements a size (so the map has a view to
 * fit and cluster), the canvas renderer a do-nothing context, and skips the redraw frame jsdom fails to
 * cancel after a map is removed.
 */
export function prepareLeafletForJsdom(width = 800, height = 600): void {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  const ctx = new Proxy(
    {},
    { get: (_t, name) => (name === 'canvas' ? document.createElement('canvas') : () => undefined) },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as never);
  const canvas = L.Canvas.prototype as unknown as { _redraw(): void; _ctx?: unknown; __guarded?: boolean };
  if (canvas.__guarded) return;
  const redraw = canvas._redraw;
  canvas._redraw = function (this: typeof canvas) {
    if (this._ctx) redraw.call(this);
  };
  canvas.__guarded = true;
}
