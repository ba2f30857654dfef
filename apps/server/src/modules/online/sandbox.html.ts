/*
 * The page enhancement scripts run in (an iframe with sandbox="allow-scripts", so its origin is opaque): it
 * receives the script by message and talks to the page only by messages. Its own CSP allows the inline runner
 * and eval of the script, and nothing else: no network (no fetch, images or forms to leak data through).
 */
export const SANDBOX_CSP =
  "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

export const SANDBOX_HTML = `<!doctype html><meta charset="utf-8"><script>
(function () {
  var handlers = {};
  var values = {};
  var pending = {};
  var seq = 0;
  function post(m) { parent.postMessage(m, '*'); }
  function fail(e) { post({ type: 'error', message: String(e && e.message || e) }); }
  var api = {
    getValues: function () { return JSON.parse(JSON.stringify(values)); },
    setValue: function (field, value) { values[field] = value; post({ type: 'setValue', field: String(field), value: value }); },
    message: function (text) { post({ type: 'message', text: String(text) }); },
    request: function (url, params) {
      var id = ++seq;
      post({ type: 'request', id: id, url: String(url), params: params || {} });
      return new Promise(function (resolve, reject) { pending[id] = { resolve: resolve, reject: reject }; });
    }
  };
  function enhance(config) {
    handlers = config || {};
    if (Array.isArray(handlers.buttons)) {
      post({ type: 'buttons', buttons: handlers.buttons.map(function (b) { return { key: String(b.key), label: String(b.label) }; }) });
    }
  }
  window.onerror = function (m) { fail(m); return true; };
  window.onunhandledrejection = function (e) { fail(e.reason); };
  window.addEventListener('message', function (event) {
    if (event.source !== parent) return;
    var m = event.data || {};
    try {
      if (m.type === 'init') { new Function('enhance', 'api', m.script)(enhance, api); post({ type: 'ready' }); }
      else if (m.type === 'values') { values = m.values || {}; }
      else if (m.type === 'response') { var p = pending[m.id]; delete pending[m.id]; if (p) (m.ok ? p.resolve(m.result) : p.reject(new Error(m.message))); }
      else if (m.type === 'event') {
        values = m.values || values;
        var h = handlers[m.name];
        var result = typeof h === 'function' ? h.apply(null, (m.args || []).concat([api])) : undefined;
        Promise.resolve(result).then(function (r) { post({ type: 'result', callId: m.callId, value: r !== false }); }, function (e) { fail(e); post({ type: 'result', callId: m.callId, value: true }); });
      }
    } catch (e) { fail(e); if (m.callId) post({ type: 'result', callId: m.callId, value: true }); }
  });
})();
</script>`;
