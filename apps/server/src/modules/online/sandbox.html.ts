import { createHash } from 'node:crypto';

/*
 * Where enhancement scripts run. The page holds this document in an iframe with sandbox="allow-scripts" (and the
 * CSP's own `sandbox`, so it is an opaque origin however it is opened). The document runs nothing of the script's:
 * it starts a dedicated Web Worker from a blob and relays messages between it and the page. The script runs in the
 * worker, which has no location to navigate, no DOM (no images, links or forms), no window.open, and inherits this
 * document's CSP: no fetch, XMLHttpRequest, WebSocket, EventSource or importScripts to anywhere. A document in a
 * sandboxed frame could still navigate itself to any address (CSP does not govern navigation) and carry data out in
 * the URL; a worker cannot.
 */

/** The worker: the documented script API (enhance, api.getValues/setValue/message/request) over messages. */
const WORKER = `'use strict';
(function () {
  var send = self.postMessage.bind(self);
  // Defence in depth behind the CSP: the network constructors are gone before the script runs.
  ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'importScripts', 'Worker', 'SharedWorker',
   'WebTransport', 'BroadcastChannel', 'indexedDB', 'caches'].forEach(function (name) {
    for (var o = self; o; o = Object.getPrototypeOf(o)) {
      try { if (Object.prototype.hasOwnProperty.call(o, name)) delete o[name]; } catch (e) { /* not configurable */ }
    }
  });
  var handlers = {};
  var values = {};
  var pending = {};
  var seq = 0;
  function fail(e) { send({ type: 'error', message: String((e && e.message) || e) }); }
  var api = Object.freeze({
    getValues: function () { return JSON.parse(JSON.stringify(values)); },
    setValue: function (field, value) { values[field] = value; send({ type: 'setValue', field: String(field), value: value }); },
    message: function (text) { send({ type: 'message', text: String(text) }); },
    request: function (url, params) {
      var id = ++seq;
      send({ type: 'request', id: id, url: String(url), params: params === undefined ? null : params });
      return new Promise(function (resolve, reject) { pending[id] = { resolve: resolve, reject: reject }; });
    }
  });
  function enhance(config) {
    handlers = config || {};
    if (Array.isArray(handlers.buttons)) {
      send({ type: 'buttons', buttons: handlers.buttons.map(function (b) { return { key: String(b.key), label: String(b.label) }; }) });
    }
  }
  self.onerror = function (m) { fail(m); return true; };
  self.onunhandledrejection = function (e) { fail(e.reason); };
  self.onmessage = function (event) {
    var m = event.data || {};
    try {
      // Ready even when the script failed: the events then get their "go on" answers instead of waiting.
      if (m.type === 'init') { try { new Function('enhance', 'api', String(m.script))(enhance, api); } finally { send({ type: 'ready' }); } }
      else if (m.type === 'values') { values = m.values || {}; }
      else if (m.type === 'response') { var p = pending[m.id]; delete pending[m.id]; if (p) (m.ok ? p.resolve(m.result) : p.reject(new Error(m.message))); }
      else if (m.type === 'event') {
        values = m.values || values;
        var h = handlers[m.name];
        var result = typeof h === 'function' ? h.apply(null, (m.args || []).concat([api])) : undefined;
        Promise.resolve(result).then(function (r) { send({ type: 'result', callId: m.callId, value: r !== false }); }, function (e) { fail(e); send({ type: 'result', callId: m.callId, value: true }); });
      }
    } catch (e) { fail(e); if (m.callId) send({ type: 'result', callId: m.callId, value: true }); }
  };
})();
`;

/**
 * The frame's relay: only the page (its parent) starts the worker and talks to it; of the worker's messages only the
 * API's kinds go up, rebuilt field by field. Until the worker is running, and after it failed, events are answered
 * at once ("go on"), so a broken script never holds a form's submit.
 */
const RELAY = `(function () {
  'use strict';
  var SOURCE = ${JSON.stringify(WORKER).replace(/</g, '\\u003c')};
  var STARTUP_MS = 5000;
  var worker = null;
  var running = false;
  var queue = [];
  function up(m) { parent.postMessage(m, '*'); }
  function fail(text) { up({ type: 'error', message: String(text) }); }
  function release(m) { if (m && m.type === 'event') up({ type: 'result', callId: Number(m.callId), value: true }); }
  function relay(m) {
    if (!m || typeof m !== 'object') return;
    switch (m.type) {
      case 'ready': running = true; queue.splice(0).forEach(function (q) { worker.postMessage(q); }); return;
      case 'error': fail(m.message); return;
      case 'setValue': up({ type: 'setValue', field: String(m.field), value: m.value }); return;
      case 'message': up({ type: 'message', text: String(m.text) }); return;
      case 'buttons':
        up({ type: 'buttons', buttons: (Array.isArray(m.buttons) ? m.buttons : []).slice(0, 20).map(function (b) {
          return { key: String(b && b.key), label: String(b && b.label) };
        }) });
        return;
      case 'request': up({ type: 'request', id: Number(m.id), url: String(m.url), params: m.params }); return;
      case 'result': up({ type: 'result', callId: Number(m.callId), value: m.value !== false }); return;
    }
  }
  function stop(reason) {
    fail(reason);
    if (worker) worker.terminate();
    worker = null;
    running = false;
    queue.splice(0).forEach(release);
  }
  function start(script) {
    var url = URL.createObjectURL(new Blob([SOURCE], { type: 'text/javascript' }));
    try {
      worker = new Worker(url);
    } catch (e) {
      fail(e && e.message || e);
      return;
    }
    worker.onmessage = function (e) { URL.revokeObjectURL(url); relay(e.data); };
    worker.onerror = function (e) { e.preventDefault(); stop(e.message || 'worker error'); };
    // A script that never finishes starting (an endless loop at the top) is stopped.
    setTimeout(function () { if (worker && !running) stop('script did not start within ' + STARTUP_MS + ' ms'); }, STARTUP_MS);
    worker.postMessage({ type: 'init', script: String(script) });
  }
  window.addEventListener('message', function (event) {
    if (event.source !== parent || event.source === window) return;
    var m = event.data || {};
    if (m.type === 'init') { if (!worker) start(m.script); return; }
    if (!worker) { release(m); return; }
    if (running) worker.postMessage(m); else queue.push(m);
  });
})();`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The sandbox page's policy: its one inline script by hash; 'unsafe-eval' for the worker, which inherits this policy
 * and compiles the script with new Function; workers only from blobs; nothing else at all (default-src 'none':
 * connect, images, fonts, media, frames); framed only by our own pages; always an opaque origin.
 */
export const SANDBOX_CSP = [
  "default-src 'none'",
  `script-src ${sha256(RELAY)} 'unsafe-eval'`,
  'worker-src blob:',
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  'sandbox allow-scripts',
].join('; ');

export const SANDBOX_HTML = `<!doctype html><meta charset="utf-8"><title>sandbox</title><script>${RELAY}</script>`;
