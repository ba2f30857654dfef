import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import type { CategoryNode } from '@district/shared';
import { fail, mockHttp, ok, type MockReply } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { CategorySelect, isConditionValid } from './category-select';

const node = (id: string, title: string, leaf: CategoryNode['leaf'], parentId = '0'): CategoryNode => ({
  key: id,
  value: id,
  title,
  leaf,
  code: id.toUpperCase(),
  parentId,
});
const ROOTS = [node('c1', '房屋', false), node('c2', '土地', 1)];
const CHILDREN: Record<string, CategoryNode[]> = {
  c1: [node('c11', '住宅', '1', 'c1'), node('c12', '商铺', true, 'c1')],
};
const NAMES: Record<string, string> = { c1: '房屋', c2: '土地', c11: '住宅', c12: '商铺' };

let restore = () => undefined as void;
afterEach(() => restore());

function serve(overrides: Record<string, MockReply | ((c: InternalAxiosRequestConfig) => MockReply)> = {}) {
  const params = (c: InternalAxiosRequestConfig) => c.params as Record<string, string>;
  const http = mockHttp({
    'GET /sys/category/loadTreeRoot': ok(ROOTS),
    'GET /sys/category/loadTreeChildren': (c) => ok(CHILDREN[params(c).pid] ?? []),
    'GET /sys/category/loadTreeData': (c) => ok(params(c).pid ? (CHILDREN[params(c).pid] ?? []) : ROOTS.slice(0, 1)),
    'GET /sys/category/loadDictItem/': (c) =>
      ok(
        params(c)
          .ids.split(',')
          .map((id) => NAMES[id] ?? '')
          .join(','),
      ),
    ...overrides,
  });
  restore = http.restore;
  return http;
}

const callsTo = (http: ReturnType<typeof serve>, path: string) =>
  http.calls.filter((c) => c.url === path).map((c) => c.params as Record<string, string>);

function openTree(container: HTMLElement) {
  fireEvent.mouseDown(container.querySelector('.ant-select')!);
}

function treeNode(title: string) {
  return [...document.querySelectorAll('.ant-select-tree-treenode')].find(
    (n) => n.querySelector('.ant-select-tree-title')?.textContent === title,
  );
}

async function expand(title: string) {
  const n = await waitFor(() => treeNode(title) ?? Promise.reject(new Error(`${title} not shown`)));
  fireEvent.click(n.querySelector('.ant-select-tree-switcher')!);
}

async function choose(title: string) {
  const n = await waitFor(() => treeNode(title) ?? Promise.reject(new Error(`${title} not shown`)));
  fireEvent.click(n.querySelector('.ant-select-tree-node-content-wrapper')!);
}

describe('category select', () => {
  it('loads the roots under pcode and the children of a node when it is expanded', async () => {
    const http = serve();
    const onChange = vi.fn();
    const { container } = renderWithApp(<CategorySelect pcode="B01" onChange={onChange} />);
    await waitFor(() => expect(callsTo(http, '/sys/category/loadTreeRoot')[0]).toMatchObject({ pcode: 'B01' }));
    openTree(container);
    await expand('房屋');
    await waitFor(() => expect(callsTo(http, '/sys/category/loadTreeChildren')[0]).toMatchObject({ pid: 'c1' }));
    await choose('商铺');
    expect(onChange).toHaveBeenCalledWith('c12', '商铺');
  });

  it('marks a leaf node as such, and a node without children becomes a leaf once expanded', async () => {
    const http = serve({ 'GET /sys/category/loadTreeChildren': ok([]) });
    const { container } = renderWithApp(<CategorySelect />);
    openTree(container);
    await waitFor(() => expect(treeNode('土地')?.querySelector('.ant-select-tree-switcher-noop')).toBeTruthy());
    expect(treeNode('房屋')?.querySelector('.ant-select-tree-switcher-noop')).toBeFalsy();
    await expand('房屋');
    await waitFor(() => expect(treeNode('房屋')?.querySelector('.ant-select-tree-switcher-noop')).toBeTruthy());
    expect(callsTo(http, '/sys/category/loadTreeRoot')[0]).toMatchObject({ pcode: '0' });
  });

  it('joins several chosen ids and names with commas in multiple mode', async () => {
    serve();
    const onChange = vi.fn();
    function Host() {
      const [value, setValue] = useState('');
      return (
        <CategorySelect
          multiple
          value={value}
          onChange={(v, labels) => {
            onChange(v, labels);
            setValue(v);
          }}
        />
      );
    }
    const { container } = renderWithApp(<Host />);
    openTree(container);
    await choose('土地');
    await choose('房屋');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('c2,c1', '土地,房屋'));
  });

  it('back-fills the names of stored ids through loadDictItem', async () => {
    const http = serve();
    const { container } = renderWithApp(<CategorySelect multiple value="c11,c12" />);
    await waitFor(() => expect(container.querySelector('.category-select')).toHaveTextContent('住宅'));
    expect(container.querySelector('.category-select')).toHaveTextContent('商铺');
    expect(callsTo(http, '/sys/category/loadDictItem/')[0]).toEqual(expect.objectContaining({ ids: 'c11,c12' }));
  });

  it('shows the server’s message as an error when the roots cannot be loaded', async () => {
    serve({
      'GET /sys/category/loadTreeRoot': {
        status: 200,
        data: { success: false, message: '分类编码不存在', code: 500, result: null },
      },
    });
    renderWithApp(<CategorySelect pcode="nope" />);
    expect(await screen.findByText('分类编码不存在')).toBeInTheDocument();
    expect(document.querySelector('.ant-message-error')).not.toBeNull();
  });

  it('shows the server’s message of a failed answer too', async () => {
    serve({ 'GET /sys/category/loadTreeRoot': fail(400, '参数 pcode 不正确') });
    renderWithApp(<CategorySelect pcode="x" />);
    expect(await screen.findByText('参数 pcode 不正确')).toBeInTheDocument();
  });

  it('refuses a condition that is not a JSON object string', async () => {
    expect(isConditionValid('{"code":"A"}')).toBe(true);
    expect(isConditionValid(undefined)).toBe(true);
    expect(isConditionValid('code=A')).toBe(false);
    expect(isConditionValid('[1]')).toBe(false);
    expect(isConditionValid('"x"')).toBe(false);
    const http = serve();
    renderWithApp(<CategorySelect condition="code=A" />);
    expect(await screen.findByText('组件JTreeSelect-condition传值有误，需要一个json字符串!')).toBeInTheDocument();
    expect(http.calls).toHaveLength(0);
  });

  it('uses loadTreeData with the condition when one is given', async () => {
    const http = serve();
    const { container } = renderWithApp(<CategorySelect pcode="B01" condition='{"has_child":"1"}' />);
    await waitFor(() =>
      expect(callsTo(http, '/sys/category/loadTreeData')[0]).toMatchObject({
        pcode: 'B01',
        condition: '{"has_child":"1"}',
      }),
    );
    openTree(container);
    await expand('房屋');
    await waitFor(() =>
      expect(callsTo(http, '/sys/category/loadTreeData')[1]).toMatchObject({
        pid: 'c1',
        condition: '{"has_child":"1"}',
      }),
    );
    expect(callsTo(http, '/sys/category/loadTreeRoot')).toHaveLength(0);
  });
});
