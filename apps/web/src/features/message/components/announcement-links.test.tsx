import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { ANNT_API, MESSAGE_MESSAGES, type AnnouncementRecord } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { AnnouncementFormModal } from './announcement-form-modal';
import { ANNOUNCEMENT_BODY_MAX_HEIGHT, AnnouncementModal } from './announcement-modal';

// TinyMCE does not run in jsdom; the content field is not what these tests are about.
vi.mock('@/components/editors/rich-text-editor', () => ({ RichTextEditor: () => null }));

const OTHER_SITES = [
  '//evil.example',
  '/\\evil.example',
  '/%2f%2fevil.example',
  '/%5cevil.example',
  '/%252f%252fevil.example',
  'https://evil.example',
  'javascript:alert(1)',
];

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

const record = (openPage: string): AnnouncementRecord => ({
  id: 'a1',
  titile: '停电通知',
  sender: '系统管理员',
  sendTime: '2026-11-25 10:00:00',
  msgContent: '<p>周五停电</p>',
  openType: 'url',
  openPage,
  priority: 'H',
  msgCategory: '1',
});

function showModal(openPage: string) {
  const onClose = vi.fn();
  renderWithApp(
    <>
      <AnnouncementModal record={record(openPage)} onClose={onClose} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { route: '/dashboard/analysis' },
  );
  return onClose;
}

let restore = () => undefined as void;
afterEach(() => {
  cleanup();
  restore();
});

describe('announcement 去处理', () => {
  it('goes to a page of this site through the router', async () => {
    showModal('/asset/index?tab=1');
    await userEvent.click(await screen.findByRole('button', { name: '去处理' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/asset/index'));
  });

  it('offers no way to a stored page of another site, whatever its spelling', async () => {
    for (const page of OTHER_SITES) {
      showModal(page);
      expect(await screen.findByText('周五停电')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '去处理' }), page).toBeNull();
      expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/analysis');
      cleanup();
    }
  });
});

describe('announcement modal layout', () => {
  it('keeps the footer on screen: centred, the body capped below the window height and scrolling inside', async () => {
    showModal('/asset/index');
    expect(await screen.findByText('周五停电')).toBeInTheDocument();
    const body = document.querySelector<HTMLElement>('.ant-modal-body')!;
    expect(body.style.maxHeight).toBe(ANNOUNCEMENT_BODY_MAX_HEIGHT);
    expect(body.style.overflowY).toBe('auto');
    expect(body.style.height).toBe('');
    expect(document.querySelector('.ant-modal-wrap')).toHaveClass('ant-modal-centered');
    const footer = document.querySelector<HTMLElement>('.ant-modal-footer')!;
    expect(within(footer).getByRole('button', { name: /关\s*闭/ })).toBeInTheDocument();
  });
});

describe('announcement form 页面地址', () => {
  it('refuses other sites in the form and saves a page of this site', async () => {
    const bodies: Record<string, unknown>[] = [];
    const http = mockHttp({
      [`POST ${ANNT_API.base}/add`]: (config) => {
        bodies.push(JSON.parse(String(config.data)) as Record<string, unknown>);
        return ok({ id: 'n1' }, '添加成功！');
      },
      'GET /sys/role/list': ok({ records: [] }),
    });
    restore = http.restore;
    const onSaved = vi.fn();
    renderWithApp(<AnnouncementFormModal open record={null} onClose={() => undefined} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByPlaceholderText('请输入标题'), '停电通知');
    await userEvent.click(within(dialog).getByLabelText('打开页面'));
    const page = await within(dialog).findByPlaceholderText('例如 /asset/index');
    const okButton = within(dialog).getByRole('button', { name: /确\s*定|OK/ });
    for (const value of OTHER_SITES) {
      await userEvent.clear(page);
      // userEvent reads braces and brackets as keys; paste types the value as it is.
      await userEvent.click(page);
      await userEvent.paste(value);
      await userEvent.click(okButton);
      expect(await within(dialog).findByText(MESSAGE_MESSAGES.openPageInvalid), value).toBeInTheDocument();
    }
    expect(bodies).toEqual([]);
    await userEvent.clear(page);
    await userEvent.click(page);
    await userEvent.paste('/asset/index');
    await userEvent.click(okButton);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({ openType: 'url', openPage: '/asset/index' });
  });
});
