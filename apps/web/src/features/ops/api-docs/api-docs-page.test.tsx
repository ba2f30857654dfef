import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_DOCS_PATH } from '@district/shared';
import { mockHttp } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { API_DOCS_TEXT, ApiDocsPage } from './api-docs-page';

const DOC = {
  openapi: '3.1.0',
  info: { title: '区域资产资源管理与发布平台 API', version: '0.1.0', description: '统一的信封' },
  paths: {
    '/api/sys/position/add': {
      post: {
        summary: '新增职务',
        tags: ['职务管理'],
        'x-permission': ['system:position:add'],
        'x-platform-only': false,
        'x-auth': 'permission',
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { code: {} } } } } },
      },
    },
    '/api/sys/tenant/add': {
      post: {
        summary: '新增租户',
        tags: ['租户管理'],
        'x-permission': ['system:tenant:add'],
        'x-platform-only': true,
        'x-auth': 'permission',
      },
    },
    '/api/sys/login': {
      post: { summary: '登录', tags: ['sys'], 'x-permission': [], 'x-platform-only': false, 'x-auth': 'public' },
    },
  },
};

let restore = () => undefined as void;
afterEach(() => restore());

describe('接口文档', () => {
  it('groups the routes by screen with their rights, and filters them', async () => {
    const mock = mockHttp({ [`GET ${API_DOCS_PATH}`]: { status: 200, data: DOC } });
    restore = mock.restore;
    renderWithApp(<ApiDocsPage />, { route: '/monitor/apiDocs' });
    expect(await screen.findByText(API_DOCS_TEXT.count(3))).toBeInTheDocument();
    expect(screen.getByText('职务管理（1）')).toBeInTheDocument();
    await userEvent.click(screen.getByText('租户管理（1）'));
    const tenant = (await screen.findByText('/api/sys/tenant/add')).closest('[data-operation]') as HTMLElement;
    expect(within(tenant).getByText('system:tenant:add')).toBeInTheDocument();
    expect(within(tenant).getByText(API_DOCS_TEXT.platform)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(API_DOCS_TEXT.search), 'position');
    expect(await screen.findByText(API_DOCS_TEXT.count(1))).toBeInTheDocument();
    expect(screen.queryByText('租户管理（1）')).not.toBeInTheDocument();
  });

  it('says so when the description cannot be read', async () => {
    const mock = mockHttp({});
    restore = mock.restore;
    renderWithApp(<ApiDocsPage />, { route: '/monitor/apiDocs' });
    expect(await screen.findByText(API_DOCS_TEXT.failed)).toBeInTheDocument();
  });
});
