import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CategoryRecord } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { CATEGORY_FORM_TEXT, CategoryFormModal } from './category-form-modal';

const RECORD: CategoryRecord = {
  id: 'k6',
  pid: 'r1',
  name: '车辆',
  code: 'A01A06',
  hasChild: '1',
  createTime: '2026-11-22 10:00:00',
  depreciationYears: 8,
  residualRate: null,
};

let restore = () => undefined as void;
afterEach(() => restore());

describe('category form: depreciation life (折旧年限, 残值率)', () => {
  it('shows the life of the category and sends a changed one, an emptied field as null', async () => {
    const sent: unknown[] = [];
    const mock = mockHttp({
      'PUT /sys/category/edit': (c) => {
        sent.push(JSON.parse(String(c.data)));
        return ok(null, '编辑成功！');
      },
    });
    restore = mock.restore;
    const onSaved = vi.fn();
    renderWithApp(<CategoryFormModal target={{ mode: 'edit', record: RECORD }} onClose={() => {}} onSaved={onSaved} />);
    const dialog = (await screen.findByText(CATEGORY_FORM_TEXT.editTitle)).closest('.ant-modal') as HTMLElement;
    const years = within(dialog).getByLabelText('折旧年限（年）');
    expect(years).toHaveValue('8');
    expect(within(dialog).getByText(CATEGORY_FORM_TEXT.yearsHint)).toBeInTheDocument();
    await userEvent.clear(years);
    await userEvent.type(years, '10');
    await userEvent.type(within(dialog).getByLabelText('残值率（%）'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(sent).toEqual([{ id: 'k6', name: '车辆', depreciationYears: 10, residualRate: 5 }]));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('r1'));

    sent.length = 0;
    await userEvent.clear(within(dialog).getByLabelText('折旧年限（年）'));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(sent).toEqual([{ id: 'k6', name: '车辆', depreciationYears: null, residualRate: 5 }]));
  });
});
