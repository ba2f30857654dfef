import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { PRINT_API } from '@district/shared';
import { mockHttp, ok } from '@/test/mock-http';
import { renderWithApp } from '@/test/render';
import PrintDrawer, { PRINT_DRAWER_TEXT } from './print-drawer';

let restore = () => undefined as void;
afterEach(() => restore());

const SLOW = { timeout: 30_000 };

const templateOf = (layout: string) => ({
  id: 't1',
  code: 'ticket_a',
  name: '房票打印',
  source: 'ticket',
  paper: 'A5',
  orientation: 'landscape',
  widthMm: 210,
  heightMm: 148,
  layout,
  remark: null,
});

function setup(layout: string) {
  restore = mockHttp({ [`GET ${PRINT_API.options}`]: ok([templateOf(layout)]) }).restore;
  renderWithApp(<PrintDrawer open source="ticket" ids={['r1', 'r2']} fileName="房票" onClose={() => undefined} />);
}

const button = (name: string) => screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

describe('PrintDrawer', () => {
  it('warns that an empty template prints blank pages and offers nothing to print', async () => {
    setup('{"schemas":[[],[]]}');
    expect(await screen.findByText(PRINT_DRAWER_TEXT.emptyTemplate, {}, SLOW)).toBeInTheDocument();
    for (const name of [PRINT_DRAWER_TEXT.preview, PRINT_DRAWER_TEXT.download, PRINT_DRAWER_TEXT.print]) {
      expect(button(name)).toBeDisabled();
    }
  });

  it('prints a designed template without the warning', async () => {
    setup('{"schemas":[[{"name":"holderName","type":"text","position":{"x":10,"y":10},"width":40,"height":8}]]}');
    expect(await screen.findByText('房票打印（ticket_a）', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(PRINT_DRAWER_TEXT.emptyTemplate)).not.toBeInTheDocument();
    expect(button(PRINT_DRAWER_TEXT.download)).toBeEnabled();
  });
});
