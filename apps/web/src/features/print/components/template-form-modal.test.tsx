import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRINT_API, PRINT_MESSAGES } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import type { PrintTemplateRecord } from '../api/print-api';
import { TemplateFormModal } from './template-form-modal';

let restore = () => undefined as void;
afterEach(() => restore());

// Generous waits: the select's popup and the save are slow when the machine is busy.
const SLOW = { timeout: 30_000 };

const okButton = () => within(screen.getByRole('dialog')).getByRole('button', { name: /确\s*定|OK/ });

function setup(copyOf: PrintTemplateRecord | null) {
  const bodies: Record<string, unknown>[] = [];
  const mock = mockHttp({
    [`POST ${PRINT_API.template}/add`]: (c) => {
      bodies.push(JSON.parse(String(c.data)) as Record<string, unknown>);
      return ok({ id: 't9' }, '添加成功！');
    },
  });
  restore = mock.restore;
  const onSaved = vi.fn();
  renderWithApp(<TemplateFormModal open copyOf={copyOf} onClose={() => undefined} onSaved={onSaved} />);
  return { bodies, onSaved };
}

describe('TemplateFormModal', () => {
  it('checks the code, then saves a new template with an empty page and hands its id on', async () => {
    const { bodies, onSaved } = setup(null);
    expect(await screen.findByText('新建模板', {}, SLOW)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('模板编码'), 'bad code');
    await userEvent.type(screen.getByLabelText('模板名称'), '房票打印');
    await userEvent.click(okButton());
    expect(await screen.findByText(PRINT_MESSAGES.codeInvalid, {}, SLOW)).toBeInTheDocument();
    // The message under the field (the select's placeholder says the same words).
    expect(
      await screen.findByText(PRINT_MESSAGES.sourceRequired, { selector: '.ant-form-item-explain-error' }, SLOW),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.clear(screen.getByLabelText('模板编码'));
    await userEvent.type(screen.getByLabelText('模板编码'), 'ticket_a5');
    await userEvent.click(screen.getByLabelText('数据源'));
    await userEvent.click(await screen.findByTitle('房票', {}, SLOW));
    await userEvent.click(okButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('t9'), SLOW);
    expect(bodies[0]).toMatchObject({
      code: 'ticket_a5',
      name: '房票打印',
      source: 'ticket',
      paper: 'A4',
      orientation: 'portrait',
      widthMm: null,
      heightMm: null,
      layout: JSON.stringify({ schemas: [[]] }),
    });
  }, 60_000);

  it('copies a template with its layout under a new code', async () => {
    const original = {
      id: 't1',
      code: 'room_ticket',
      name: '房票',
      source: 'ticket',
      paper: 'A5',
      orientation: 'landscape',
      widthMm: 210,
      heightMm: 148,
      layout: '{"schemas":[[{"name":"x"}]]}',
      builtIn: 1,
    } as unknown as PrintTemplateRecord;
    const { bodies, onSaved } = setup(original);
    expect(await screen.findByText('复制模板', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('模板编码')).toHaveValue('room_ticket_copy'), SLOW);
    await userEvent.click(okButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('t9'), SLOW);
    expect(bodies[0]).toMatchObject({ code: 'room_ticket_copy', name: '房票（副本）', layout: original.layout });
  }, 60_000);

  it('fits a copied layout onto a narrower paper: a table wider than A5 portrait is narrowed and moved inside', async () => {
    const table = {
      name: 'uses:useDate,amount',
      type: 'table',
      position: { x: 10, y: 85 },
      width: 180,
      height: 20,
      headWidthPercentages: [40, 60],
    };
    const holder = { name: 'holderName', type: 'text', position: { x: 10, y: 20 }, width: 40, height: 8 };
    const original = {
      id: 't1',
      code: 'room_ticket',
      name: '房票',
      source: 'ticket',
      paper: 'A5',
      orientation: 'landscape',
      widthMm: 210,
      heightMm: 148,
      layout: JSON.stringify({ schemas: [[holder, table]] }),
      builtIn: 1,
    } as unknown as PrintTemplateRecord;
    const { bodies, onSaved } = setup(original);
    expect(await screen.findByText('复制模板', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('模板编码')).toHaveValue('room_ticket_copy'), SLOW);
    await userEvent.click(screen.getByLabelText('方向'));
    await userEvent.click(await screen.findByTitle('纵向', {}, SLOW));
    await userEvent.click(okButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('t9'), SLOW);
    expect(bodies[0]).toMatchObject({ paper: 'A5', orientation: 'portrait' });
    const [page] = (JSON.parse(String(bodies[0]!.layout)) as { schemas: Record<string, unknown>[][] }).schemas;
    // A5 portrait is 148 mm wide: the table keeps 4 mm margins, its columns (percentages) scale with it.
    expect(page![1]).toMatchObject({ position: { x: 4, y: 85 }, width: 140, headWidthPercentages: [40, 60] });
    expect(page![0]).toEqual(holder);
  }, 60_000);
});
