import { API, ONLINE_API, ONLINE_MESSAGES } from '@district/shared';
import { APP_CONFIG } from '@/lib/config';
import { getAction } from '@/lib/request';

/**
 * Runs a form's JavaScript enhancement out of the page's reach. The page holds a hidden iframe
 * (`sandbox="allow-scripts"`, opaque origin: no page, storage, token or cookies) whose document only relays
 * messages; the script itself runs in a Web Worker the frame starts from a blob, under the frame's CSP (no network
 * of any kind). A worker has no location to navigate, no DOM, no forms, no window.open, so the script reaches the
 * outside only through this bridge: read a snapshot of the form's values, set values, add buttons, show a message
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

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The reads a script may make, as whole paths: form data and dictionaries, report data; no writes, no admin. */
const ALLOWED_PATHS: readonly RegExp[] = [
  new RegExp(`^${escape(ONLINE_API.data)}/[a-z][a-z0-9_]{0,62}/(?:list|queryById)$`),
  new RegExp(`^${escape(API.dictItems)}/[A-Za-z0-9_]{1,100}$`),
  new RegExp(`^${escape(ONLINE_API.reportData)}/[a-z][a-z0-9_]{0,49}$`),
];

/**
 * Segments of letters, digits and underscores only: nothing a URL parser or the server could read another way
 * (`.`/`..`, `%2e`/`%2f`/`%5c` and their double encodings, `\`, `//`, `?`, `#`, `:` of a scheme, spaces).
 */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_]+)+$/;

const MAX_PARAMS = 30;
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const MAX_PARAM_CHARS = 2000;
/** Requests of one script waiting for an answer at once: a loop cannot flood the server with the user's token. */
const MAX_IN_FLIGHT = 4;
const MAX_BUTTONS = 20;

/** Joins the API base and a path as the request layer (axios) does. */
function joined(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * Whether a script may GET `url`: resolved as the browser would against the API base, the request must stay on the
 * API's origin with exactly the path given (no query, no fragment), and that path must be one of the allowed ones.
 * Parameters travel only in the params object.
 */
export function allowedRequest(
  url: unknown,
  base: string = APP_CONFIG.apiBaseURL,
  page: string = window.location.href,
): boolean {
  if (typeof url !== 'string' || url.length > 200 || !PLAIN_PATH.test(url)) return false;
  let api: URL;
  let resolved: URL;
  try {
    api = new URL(joined(base, '/'), page);
    resolved = new URL(joined(base, url), page);
  } catch {
    return false;
  }
  const expected = joined(api.pathname, url);
  if (resolved.origin !== api.origin || resolved.pathname !== expected || resolved.search || resolved.hash) {
    return false;
  }
  return ALLOWED_PATHS.some((p) => p.test(url));
}

/** A flat object of names to plain values (text, number, true/false, null), as query parameters are. */
export function allowedParams(params: unknown): params is Record<string, string | number | boolean | null> {
  if (params === undefined || params === null) return true;
  if (typeof params !== 'object' || Array.isArray(params)) return false;
  if (Object.getPrototypeOf(params) !== Object.prototype && Object.getPrototypeOf(params) !== null) return false;
  const entries = Object.entries(params);
  if (entries.length > MAX_PARAMS) return false;
  return entries.every(
    ([k, v]) =>
      PARAM_NAME.test(k) &&
      (v === null ||
        typeof v === 'boolean' ||
        (typeof v === 'number' && Number.isFinite(v)) ||
        (typeof v === 'string' && v.length <= MAX_PARAM_CHARS)),
  );
}

export class EnhanceSandbox {
  private frame: HTMLIFrameElement;
  private calls = new Map<number, (ok: boolean) => void>();
  private seq = 0;
  private inFlight = 0;
  private readonly onMessage = (event: MessageEvent) => void this.handle(event);

  constructor(
    script: string,
    private readonly host: SandboxHost,
  ) {
    this.frame = document.createElement('iframe');
    this.frame.setAttribute('sandbox', 'allow-scripts');
    // No feature of the page (camera, geolocation, payment…) is delegated to the frame.
    this.frame.setAttribute('allow', '');
    this.frame.setAttribute('referrerpolicy', 'no-referrer');
    this.frame.setAttribute('title', 'enhance-sandbox');
    this.frame.style.display = 'none';
    // The sandbox page, served by the server with its own CSP (see sandbox.html.ts there).
    this.frame.src = `${APP_CONFIG.apiBaseURL}${ONLINE_API.sandbox}`;
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
        this.host.buttons(
          (Array.isArray(m.buttons) ? (m.buttons as unknown[]) : []).slice(0, MAX_BUTTONS).map((b) => {
            const button = (b ?? {}) as Record<string, unknown>;
            return { key: String(button.key), label: String(button.label) };
          }),
        );
        return;
      case 'result': {
        const done = this.calls.get(Number(m.callId));
        this.calls.delete(Number(m.callId));
        done?.(m.value !== false);
        return;
      }
      case 'request': {
        const refuse = (message: string) => this.post({ type: 'response', id: m.id, ok: false, message });
        if (!allowedRequest(m.url) || !allowedParams(m.params)) return refuse(ONLINE_MESSAGES.scriptRequestRefused);
        if (this.inFlight >= MAX_IN_FLIGHT) return refuse(ONLINE_MESSAGES.scriptRequestBusy);
        this.inFlight++;
        try {
          const res = await getAction(m.url as string, (m.params ?? undefined) as object | undefined, {
            silent: true,
          });
          this.post({ type: 'response', id: m.id, ok: true, result: res.result });
        } catch {
          refuse(ONLINE_MESSAGES.scriptRequestFailed);
        } finally {
          this.inFlight--;
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
