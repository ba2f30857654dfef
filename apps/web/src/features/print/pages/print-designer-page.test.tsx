import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRINT_API, PRINT_ROUTES, type PrintElement, type PrintSource } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import { PRINT_URLS } from '../api/print-api';
import type * as PdfTemplate from '../lib/pdf-template';
import { DESIGNER_TEXT, PrintDesignerPage } from './print-designer-page';

type Layout = { schemas: PrintElement[][] };
const fake = vi.hoisted(() => ({
  last: null as null | { template: Layout; plugins: Record<string, unknown>; toolbarAdd: (label: string) => void },
}));

/*
 * pdfme's designer stands in as a small fake: it keeps the template, hands every change on and lists the
 * element names the way pdfme's 字段列表 panel does; `toolbarAdd` is pdfme's own toolbar click.
 */
vi.mock('@pdfme/ui', () => {
  class Designer {
    template: Layout;
    plugins: Record<string, unknown>;
    root: HTMLElement;
    cb: ((t: Layout) => void) | null = null;
    constructor(p: { domContainer: HTMLElement; template: Layout; plugins: Record<string, unknown> }) {
      this.root = p.domContainer;
      this.template = structuredClone(p.template);
      this.plugins = p.plugins;
      fake.last = this;
      this.render();
    }
    render() {
      this.root.innerHTML = `<ul>${this.template.schemas[0]!.map((e) => `<li><span>${e.name}</span></li>`).join('')}</ul>`;
    }
    getTemplate() {
      return structuredClone(this.template);
    }
    getPageCursor() {
      return 0;
    }
    updateTemplate(t: Layout) {
      this.template = structuredClone(t);
      this.cb?.(this.getTemplate());
      this.render();
    }
    onChangeTemplate(cb: (t: Layout) => void) {
      this.cb = cb;
    }
    toolbarAdd(label: string) {
      const d = (this.plugins[label] as { propPanel: { defaultSchema: PrintElement } }).propPanel.defaultSchema;
      const el = { ...d, name: `字段${this.template.schemas[0]!.length + 1}`, position: { x: 0, y: 0 } };
      this.updateTemplate({ ...this.template, schemas: [[...this.template.schemas[0]!, el]] });
    }
    destroy() {}
  }
  return { Designer };
});
vi.mock('../lib/pdf-template', async (importOriginal) => ({
  ...(await importOriginal<typeof PdfTemplate>()),
  loadFont: () => Promise.resolve(new ArrayBuffer(8)),
}));

let restore = () => undefined as void;
afterEach(() => restore());
const SLOW = { timeout: 15_000 };

const source: PrintSource = {
  key: 'ticket',
  title: '房票',
  fields: [
    { key: 'holderName', title: '持票人', kind: 'text' },
    { key: 'faceAmount', title: '票面金额(元)', kind: 'money' },
  ],
  children: [{ key: 'uses', title: '使用记录', fields: [{ key: 'useDate', title: '使用日期', kind: 'date' }] }],
};

function setup() {
  fake.last = null;
  const saves: Record<string, unknown>[] = [];
  restore = mockHttp({
    [`GET ${PRINT_API.sources}`]: ok([source]),
    [`GET ${PRINT_URLS.queryById}`]: ok({
      id: 't1',
      code: 'ticket_a',
      name: '房票打印',
      source: 'ticket',
      paper: 'A5',
      orientation: 'landscape',
      widthMm: 210,
      heightMm: 148,
      layout: '{"schemas":[[]]}',
      remark: null,
    }),
    [`POST ${PRINT_URLS.edit}`]: (c) => {
      saves.push(JSON.parse(String(c.data)) as Record<string, unknown>);
      return ok(null, '编辑成功');
    },
  }).restore;
  renderWithApp(<PrintDesignerPage />, { route: `${PRINT_ROUTES.designer}?id=t1` });
  return { saves };
}

const overlap = (a: PrintElement, b: PrintElement) =>
  a.position.x < b.position.x + b.width &&
  b.position.x < a.position.x + a.width &&
  a.position.y < b.position.y + b.height &&
  b.position.y < a.position.y + a.height;

describe('PrintDesignerPage', () => {
  it('places new elements in free space, lists them by field title and keeps toolbar elements fixed', async () => {
    setup();
    const fields = await screen.findByTestId('print-fields', {}, SLOW);
    await waitFor(() => expect(fake.last).not.toBeNull(), SLOW);
    const holder = within(fields.querySelector('[data-field="holderName"]')!);
    const amount = within(fields.querySelector('[data-field="faceAmount"]')!);
    await userEvent.click(holder.getByRole('button', { name: /文\s*本/ }));
    await userEvent.click(amount.getByRole('button', { name: '金额大写' }));
    await userEvent.click(within(fields).getByRole('button', { name: /表\s*格/ }));
    // pdfme's own 文本 tool: a fixed label, moved off the top left corner where the others may be.
    fake.last!.toolbarAdd('文本');
    await waitFor(() => expect(fake.last!.template.schemas[0]).toHaveLength(4));
    await waitFor(() => expect(fake.last!.template.schemas[0]![3]!.position).not.toEqual({ x: 0, y: 0 }));

    const page = fake.last!.template.schemas[0]!;
    expect(page.map((e) => [e.name, e.readOnly ?? false])).toEqual([
      ['holderName', false],
      ['faceAmount:capital', false],
      ['uses:useDate', false],
      ['字段4', true],
    ]);
    expect(page[3]!.content).toBe('文字');
    for (const [i, a] of page.entries()) for (const b of page.slice(i + 1)) expect(overlap(a, b)).toBe(false);

    // The field list speaks titles, never binding keys.
    const designer = screen.getByTestId('print-designer');
    await waitFor(() =>
      expect([...designer.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
        '持票人',
        '票面金额(元)（金额大写）',
        '明细：使用记录',
        '字段4',
      ]),
    );
  });

  it('warns instead of previewing an empty template', async () => {
    const { saves } = setup();
    await waitFor(() => expect(fake.last).not.toBeNull(), SLOW);
    await userEvent.click(await screen.findByRole('button', { name: /预\s*览/ }, SLOW));
    expect(await screen.findByText(DESIGNER_TEXT.empty, {}, SLOW)).toBeInTheDocument();
    expect(saves).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
