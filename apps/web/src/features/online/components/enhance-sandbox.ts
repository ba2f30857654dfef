import { ONLINE_API, ONLINE_MESSAGES } from '@district/shared';
import { getAction } from '../../../lib/request';

/**
 * Runs a form's JavaScript enhancement in a sandboxed iframe (`sandbox="allow-scripts"`, no same-origin): the
 * script's origin is opaque, so it cannot reach the page, its storage (the token) or cookies. It talks to the
 * page only through messages: read a snapshot of the form's values, set values, add list buttons, show a message
 * and GET an allowlisted set of our APIs, which the page calls with the user's own rights.
 */

export interface SandboxButton {
  key: string;
  label: string;
}

export interface SandboxHost {
  values(): Record<string, unknown>;
  setValue(field: string, value: unknown): void;
  message(text: string): void;
  buttons(buttons: SandboxButton[]): void;
}

const RUNNER = `<!doctype html><meta charset="utf-8"><script>
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

/** GET calls a script may make: the form data and dictionaries, never writes or administration. */
export function allowedRequest(url: string): boolean {
  return (
    /^\/online\/cgform\/data\/[a-z][a-z0-9_]*\/(list|queryById)$/.test(url) ||
    /^\/sys\/dict\/getDictItems\/[A-Za-z0-9_]+$/.test(url) ||
    url.startsWith(`${ONLINE_API.reportData}/`)
  );
}

export class EnhanceSandbox {
  private frame: HTMLIFrameElement;
  private calls = new Map<number, (ok: boolean) => void>();
  private seq = 0;
  private readonly onMessage = (event: MessageEvent) => void this.handle(event);

  constructor(
    script: string,
    private readonly host: SandboxHost,
  ) {
    this.frame = document.createElement('iframe');
    this.frame.setAttribute('sandbox', 'allow-scripts');
    this.frame.setAttribute('title', 'enhance-sandbox');
    this.frame.style.display = 'none';
    this.frame.srcdoc = RUNNER;
    window.addEventListener('message', this.onMessage);
    this.frame.addEventListener('load', () => this.post({ type: 'init', script }));
    document.body.appendChild(this.frame);
  }

  private post(message: unknown) {
    this.frame.contentWindow?.postMessage(message, '*');
  }

  private async handle(event: MessageEvent) {
    if (event.source !== this.frame.contentWindow) return;
    const m = (event.data ?? {}) as Record<string, unknown>;
    switch (m.type) {
      case 'error':
        console.error(ONLINE_MESSAGES.scriptError, m.message);
        return;
      case 'setValue':
        this.host.setValue(String(m.field), m.value);
        return;
      case 'message':
        this.host.message(String(m.text));
        return;
      case 'buttons':
        this.host.buttons(m.buttons as SandboxButton[]);
        return;
      case 'result': {
        const done = this.calls.get(Number(m.callId));
        this.calls.delete(Number(m.callId));
        done?.(m.value !== false);
        return;
      }
      case 'request': {
        const url = String(m.url);
        if (!allowedRequest(url)) {
          this.post({ type: 'response', id: m.id, ok: false, message: '不允许调用该接口' });
          return;
        }
        try {
          const res = await getAction(url, m.params as object, { silent: true });
          this.post({ type: 'response', id: m.id, ok: true, result: res.result });
        } catch {
          this.post({ type: 'response', id: m.id, ok: false, message: '接口调用失败' });
        }
      }
    }
  }

  /** Fires a form event; resolves false only when the script's handler answered false (before submit). */
  fire(
    name: 'onLoad' | 'onChange' | 'onButton' | 'beforeSubmit',
    args: unknown[] = [],
    timeoutMs = 3000,
  ): Promise<boolean> {
    const callId = ++this.seq;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.calls.delete(callId);
        resolve(true);
      }, timeoutMs);
      this.calls.set(callId, (ok) => {
        clearTimeout(timer);
        resolve(ok);
      });
      this.post({ type: 'event', name, args, callId, values: this.host.values() });
    });
  }

  dispose() {
    window.removeEventListener('message', this.onMessage);
    this.frame.remove();
  }
}
