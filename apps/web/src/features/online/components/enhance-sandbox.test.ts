import { afterEach, describe, expect, it, vi } from 'vitest';
import { ONLINE_MESSAGES } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { allowedParams, allowedRequest, EnhanceSandbox } from './enhance-sandbox';

const PAGE = 'https://assets.example.gov.cn/online/cgformList/onl_meeting';

describe('enhancement sandbox: what api.request may call', () => {
  it('allows the reads of form data, dictionaries and reports, as plain paths', () => {
    for (const url of [
      '/online/cgform/data/onl_meeting/list',
      '/online/cgform/data/onl_meeting/queryById',
      '/sys/dict/getDictItems/room',
      '/sys/dict/getDictItems/Room_Type',
      '/online/cgreport/api/data/asset_report',
    ]) {
      expect(allowedRequest(url, '/api', PAGE), url).toBe(true);
      // The same under an API base on another path or host of its own.
      expect(allowedRequest(url, '/district/api/', PAGE), url).toBe(true);
      expect(allowedRequest(url, 'https://api.example.gov.cn/api', PAGE), url).toBe(true);
    }
  });

  it('refuses every spelling that could reach another route, another origin or carry its own query', () => {
    const target = 'sys/user/list';
    const refused = [
      // Other routes, writes and administration.
      '/sys/user/list',
      '/online/cgform/data/onl_meeting/add',
      '/online/cgform/data/onl_meeting/delete',
      '/online/cgform/head/list',
      '/online/cgform/data/onl_meeting/list/extra',
      '/online/cgform/data/onl_meeting',
      // Dot segments: plain, and the traversal the old prefix check let through.
      `/online/cgreport/api/data/../../../../${target}`,
      `/online/cgreport/api/data/x/../../../../${target}`,
      '/online/cgform/data/onl_meeting/./list',
      '/online/cgform/data/../../../sys/user/list',
      '/sys/dict/getDictItems/..',
      '/sys/dict/getDictItems/.',
      // Encoded dots and slashes, single and double, any case.
      `/online/cgreport/api/data/%2e%2e/%2e%2e/%2e%2e/%2e%2e/${target}`,
      `/online/cgreport/api/data/%2E%2E%2F%2E%2E%2F%2E%2E%2F%2E%2E%2F${target.replace(/\//g, '%2F')}`,
      `/online/cgreport/api/data/%252e%252e/%252e%252e/${target}`,
      `/online/cgreport/api/data/.%2e/.%2e/.%2e/.%2e/${target}`,
      '/online/cgreport/api/data/x%2f..%2f..%2f..%2fsys%2fuser%2flist',
      '/online/cgreport/api/data/x%5c..%5c..%5csys%5cuser%5clist',
      '/sys/dict/getDictItems/room%00',
      // Backslashes (browsers read them as slashes in http URLs).
      '/online/cgreport/api/data/..\\..\\..\\..\\sys\\user\\list',
      '/online/cgreport/api/data\\..\\..\\sys/user/list',
      // Double slashes, protocol-relative and absolute URLs, other schemes.
      '//evil.example/online/cgform/data/onl_meeting/list',
      '/online//cgform/data/onl_meeting/list',
      '/online/cgform/data//onl_meeting/list',
      'https://evil.example/online/cgform/data/onl_meeting/list',
      'http://127.0.0.1/api/online/cgform/data/onl_meeting/list',
      'javascript:alert(1)',
      'data:text/plain,x',
      '\\\\evil.example\\online\\cgform\\data\\onl_meeting\\list',
      // Relative paths (resolved against the page, not the API).
      'online/cgform/data/onl_meeting/list',
      './online/cgform/data/onl_meeting/list',
      '../sys/user/list',
      // A query or fragment smuggled in the path.
      '/online/cgform/data/onl_meeting/list?pageSize=100000',
      '/online/cgreport/api/data/asset_report?code=x&url=/sys/user/list',
      '/sys/dict/getDictItems/room#x',
      '/online/cgform/data/onl_meeting/list%3Fx=1',
      '/online/cgform/data/onl_meeting/list;jsessionid=1',
      // Whitespace and control characters, which URL parsing strips or keeps.
      ' /online/cgform/data/onl_meeting/list',
      '/online/cgform/data/onl_meeting/list ',
      '/online/cgform/data/onl_meeting/li\tst',
      '/online/cgform/data/onl_meeting/li\nst',
      '/online/cgform/data/onl_meeting/list\u0000',
      // Look-alike characters (full-width solidus and dot).
      '/online/cgform/data/onl_meeting／list',
      '/online/cgreport/api/data/．．/．．/sys/user/list',
      // Table names outside the definition's identifiers.
      '/online/cgform/data/ONL_MEETING/list',
      '/online/cgform/data/1onl/list',
      // Not text at all, or absurdly long.
      '',
      `/sys/dict/getDictItems/${'a'.repeat(300)}`,
    ];
    for (const url of refused) expect(allowedRequest(url, '/api', PAGE), JSON.stringify(url)).toBe(false);
    for (const url of [undefined, null, 42, {}, ['/sys/dict/getDictItems/room'], new URL('https://x/y')]) {
      expect(allowedRequest(url, '/api', PAGE), String(url)).toBe(false);
    }
  });

  it('takes parameters only as a flat object of plain values', () => {
    expect(allowedParams(undefined)).toBe(true);
    expect(allowedParams(null)).toBe(true);
    expect(allowedParams({ pageNo: 1, roomNo: 'A-101', done: false, memo: null })).toBe(true);
    expect(allowedParams('pageNo=1')).toBe(false);
    expect(allowedParams(['a'])).toBe(false);
    expect(allowedParams({ nested: { url: '/sys/user/list' } })).toBe(false);
    expect(allowedParams({ list: ['a', 'b'] })).toBe(false);
    expect(allowedParams({ 'bad name': 1 })).toBe(false);
    expect(allowedParams({ n: Number.NaN })).toBe(false);
    expect(allowedParams({ long: 'x'.repeat(2001) })).toBe(false);
    expect(allowedParams(Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`p${i}`, i])))).toBe(false);
    expect(allowedParams(new Date())).toBe(false);
  });
});

describe('enhancement sandbox: the page side of the bridge', () => {
  let restore = () => undefined as void;
  afterEach(() => {
    restore();
    document.body.innerHTML = '';
  });

  /** A sandbox whose frame's messages are dispatched by the test, and whose answers to the frame are recorded. */
  function open() {
    const box = new EnhanceSandbox('enhance({})', {
      values: () => ({}),
      setValue: () => undefined,
      message: () => undefined,
      buttons: () => undefined,
    });
    const frame = document.querySelector('iframe')!;
    const answers: unknown[] = [];
    vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation((m: unknown) => void answers.push(m));
    const fromFrame = (data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data, source: frame.contentWindow }));
    return { box, frame, answers, fromFrame };
  }

  it('runs in a frame of its own origin, with scripts only and nothing of the page delegated', () => {
    const { box, frame } = open();
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('allow')).toBe('');
    expect(frame.getAttribute('src')).toMatch(/\/online\/cgform\/sandbox$/);
    box.dispose();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('answers a refused request without calling the server, and an allowed one with its result', async () => {
    const mock = mockHttp({ 'GET /sys/dict/getDictItems/room': ok([{ value: 'a', text: '一号会议室' }]) });
    restore = mock.restore;
    const { box, answers, fromFrame } = open();
    fromFrame({ type: 'request', id: 1, url: '/online/cgreport/api/data/../../../../sys/user/list', params: null });
    fromFrame({ type: 'request', id: 2, url: '/sys/dict/getDictItems/room', params: { nested: { a: 1 } } });
    fromFrame({ type: 'request', id: 3, url: '/sys/dict/getDictItems/room', params: { pageNo: 1 } });
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    expect(answers).toEqual(
      expect.arrayContaining([
        { type: 'response', id: 1, ok: false, message: ONLINE_MESSAGES.scriptRequestRefused },
        { type: 'response', id: 2, ok: false, message: ONLINE_MESSAGES.scriptRequestRefused },
        { type: 'response', id: 3, ok: true, result: [{ value: 'a', text: '一号会议室' }] },
      ]),
    );
    expect(mock.calls.map((c) => [c.url, c.params?.pageNo])).toEqual([['/sys/dict/getDictItems/room', 1]]);
    box.dispose();
  });

  it('ignores messages that do not come from its own frame', async () => {
    const mock = mockHttp({});
    restore = mock.restore;
    const { box, answers } = open();
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'request', id: 1, url: '/sys/dict/getDictItems/room' } }),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect([answers, mock.calls]).toEqual([[], []]);
    box.dispose();
  });
});
