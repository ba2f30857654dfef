import { ONLINE_API, ONLINE_MESSAGES } from '@district/shared';
import { APP_CONFIG } from '../../../lib/config';
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

/** The sandbox page, served by the server with its own CSP (inline script, eval; no network, no framing by others). */
export const SANDBOX_PATH = '/online/cgform/sandbox';

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
    this.frame.src = `${APP_CONFIG.apiBaseURL}${SANDBOX_PATH}`;
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
