import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { CronEditor } from './cron-editor';
import { describeCron, expressionFromState, fieldFromText, stateFromExpression, updateField } from './cron-model';

const from = new Date(2026, 10, 22, 10, 30, 15); // Sunday

function expressionBox() {
  return screen.getByLabelText('Cron 表达式') as HTMLInputElement;
}

function openTab(name: string) {
  fireEvent.click(screen.getByRole('tab', { name }));
}

function activePanel() {
  return screen.getByRole('tabpanel');
}

function setNumber(label: string, value: number) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value: String(value) } });
  fireEvent.blur(input);
}

describe('cron model', () => {
  it('reads every tab form back from its text', () => {
    expect(fieldFromText('second', '*')?.mode).toBe('every');
    expect(fieldFromText('day', '?')?.mode).toBe('unspecified');
    expect(fieldFromText('hour', '2-5')).toMatchObject({ mode: 'range', rangeStart: 2, rangeEnd: 5 });
    expect(fieldFromText('minute', '0/15')).toMatchObject({ mode: 'increment', incStart: 0, incStep: 15 });
    expect(fieldFromText('month', '3,1')).toMatchObject({ mode: 'specific', specific: [1, 3] });
    expect(fieldFromText('day', 'L')?.mode).toBe('lastDay');
    expect(fieldFromText('day', '15W')).toMatchObject({ mode: 'nearestWeekday', nearestDay: 15 });
    expect(fieldFromText('week', '6#3')).toMatchObject({ mode: 'nthWeekday', weekDay: 6, nth: 3 });
    expect(fieldFromText('week', '2L')).toMatchObject({ mode: 'lastWeekDay', weekDay: 2 });
    expect(fieldFromText('second', 'L')).toBeNull();
    expect(fieldFromText('second', '?')).toBeNull();
  });

  it('round-trips an expression', () => {
    const text = '5 0/10 8-18 ? 1,6 2#2 2026-2030';
    expect(expressionFromState(stateFromExpression(text))).toBe(text);
  });

  it('frees untouched coarser time fields still at 0 when a finer one repeats', () => {
    const start = stateFromExpression('0 0 0 * * ? *');
    expect(expressionFromState(updateField(start, 'minute', { mode: 'increment', incStep: 5 }, new Set()))).toBe(
      '0 0/5 * * * ? *',
    );
    expect(expressionFromState(updateField(start, 'second', { mode: 'every' }, new Set()))).toBe('* * * * * ? *');
    // An hour the user set (or any other than 0) stays.
    expect(
      expressionFromState(updateField(start, 'minute', { mode: 'increment', incStep: 5 }, new Set(['hour']))),
    ).toBe('0 0/5 0 * * ? *');
    const atThree = stateFromExpression('0 0 3 * * ? *');
    expect(expressionFromState(updateField(atThree, 'minute', { mode: 'every' }, new Set()))).toBe('0 * 3 * * ? *');
  });

  it('describes schedules in words', () => {
    expect(describeCron('0 0/5 * * * ? *')).toBe('每 5 分钟');
    expect(describeCron('0 30 8 * * ? *')).toBe('每天 08:30:00');
    expect(describeCron('0 0 9 ? * 2-6 *')).toBe('每周一至周五 09:00:00');
    expect(describeCron('0 0 2 1 * ? *')).toBe('每月 1 日 02:00:00');
    expect(describeCron('0 0 0 L * ? *')).toBe('每月最后一天 00:00:00');
  });

  it('keeps exactly one of day and week unspecified', () => {
    let state = stateFromExpression('0 0 0 * * ? *');
    state = updateField(state, 'week', { mode: 'lastWeekDay', weekDay: 6 });
    expect(expressionFromState(state)).toBe('0 0 0 ? * 6L *');
    state = updateField(state, 'day', { mode: 'lastDay' });
    expect(expressionFromState(state)).toBe('0 0 0 L * ? *');
    state = updateField(state, 'day', { mode: 'unspecified' });
    expect(expressionFromState(state)).toBe('0 0 0 ? * * *');
    state = updateField(state, 'week', { mode: 'unspecified' });
    expect(expressionFromState(state)).toBe('0 0 0 * * ? *');
  });
});

describe('CronEditor', () => {
  it('starts from the default 7-field expression and previews the next 5 runs', () => {
    renderWithApp(<CronEditor previewFrom={from} />);
    expect(expressionBox().value).toBe('0 0 0 * * ? *');
    const preview = screen.getByLabelText('最近运行时间');
    expect(within(preview).getByText('最近 5 次运行时间：')).toBeInTheDocument();
    const items = within(preview).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '2026-11-23 00:00:00 星期一',
      '2026-11-24 00:00:00 星期二',
      '2026-11-25 00:00:00 星期三',
      '2026-11-26 00:00:00 星期四',
      '2026-11-27 00:00:00 星期五',
    ]);
  });

  it('shows the words of the 周期 and 循环 rows at a readable size, not as bare number boxes', () => {
    renderWithApp(<CronEditor previewFrom={from} />);
    openTab('分钟');
    const row = (label: string) =>
      within(activePanel()).getByLabelText(label).closest<HTMLElement>('.cron-editor-row')!;
    // antd's radio group sets font-size 0; an inherited 0 px makes the text invisible in a browser.
    for (const label of ['周期', '循环']) expect(getComputedStyle(row(label)).fontSize).not.toBe('0px');
    expect(row('周期')).toHaveTextContent(/从.*-.*分钟/);
    expect(row('循环')).toHaveTextContent(/从.*分钟开始，每.*分钟执行一次/);
  });

  it('builds an increment from the minute tab and emits it', () => {
    const onChange = vi.fn();
    renderWithApp(<CronEditor previewFrom={from} onChange={onChange} />);
    openTab('分钟');
    setNumber('分钟间隔', 15);
    // The untouched hour follows to 每小时: every 15 minutes all day, not only between 00:00 and 00:45.
    expect(onChange).toHaveBeenLastCalledWith('0 0/15 * * * ? *');
    expect(expressionBox().value).toBe('0 0/15 * * * ? *');
    expect(screen.getByTestId('cron-words')).toHaveTextContent('执行规律：每 15 分钟');
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('2026-11-22 10:45:00 星期日');
    expect(screen.getAllByRole('listitem')[1]).toHaveTextContent('2026-11-22 11:00:00 星期日');
  });

  it('keeps an hour the user chose when the minutes start repeating, and says the schedule in words', () => {
    renderWithApp(<CronEditor previewFrom={from} />);
    expect(screen.getByTestId('cron-words')).toHaveTextContent('执行规律：每天 00:00:00');
    openTab('小时');
    setNumber('小时周期开始', 8);
    setNumber('小时周期结束', 18);
    openTab('分钟');
    fireEvent.click(within(activePanel()).getByLabelText('每分钟'));
    expect(expressionBox().value).toBe('0 * 8-18 * * ? *');
    expect(screen.getByTestId('cron-words')).toHaveTextContent('8–18 点之间 每分钟');
  });

  it('builds ranges, specific values, and the day and week rules', () => {
    renderWithApp(<CronEditor previewFrom={from} />);
    openTab('小时');
    setNumber('小时周期开始', 8);
    setNumber('小时周期结束', 18);
    expect(expressionBox().value).toBe('0 0 8-18 * * ? *');

    openTab('秒');
    fireEvent.click(within(activePanel()).getByLabelText('30'));
    fireEvent.click(within(activePanel()).getByLabelText('10'));
    // "0" was ticked by the starting expression; untick it.
    fireEvent.click(within(activePanel()).getByLabelText('00'));
    expect(expressionBox().value).toBe('10,30 0 8-18 * * ? *');

    openTab('日');
    fireEvent.click(within(activePanel()).getByLabelText('本月最后一天'));
    expect(expressionBox().value).toBe('10,30 0 8-18 L * ? *');
    fireEvent.click(within(activePanel()).getByLabelText('工作日'));
    setNumber('最近工作日的日期', 15);
    expect(expressionBox().value).toBe('10,30 0 8-18 15W * ? *');

    openTab('周');
    fireEvent.click(within(activePanel()).getByLabelText('第几周'));
    expect(expressionBox().value).toBe('10,30 0 8-18 ? * 2#1 *');
    setNumber('周序号', 3);
    expect(expressionBox().value).toBe('10,30 0 8-18 ? * 2#3 *');
    fireEvent.click(within(activePanel()).getByLabelText('星期五'));
    fireEvent.click(within(activePanel()).getByLabelText('星期一'));
    expect(expressionBox().value).toBe('10,30 0 8-18 ? * 2,6 *');

    openTab('年');
    setNumber('年开始值', 2030);
    setNumber('年间隔', 5);
    expect(expressionBox().value).toBe('10,30 0 8-18 ? * 2,6 2030/5');
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('2030-01-04 08:00:10 星期五');
    // Many tab clicks: slow on a busy machine.
  }, 60_000);

  it('keeps inputs within the spec bounds', () => {
    renderWithApp(<CronEditor previewFrom={from} />);
    const bounds = (label: string) => {
      const input = screen.getByLabelText(label);
      return [input.getAttribute('aria-valuemin'), input.getAttribute('aria-valuemax')].map(Number);
    };
    expect(bounds('秒开始值')).toEqual([0, 59]);
    expect(bounds('秒间隔')).toEqual([1, 59]);
    openTab('分钟');
    expect(bounds('分钟间隔')).toEqual([1, 60]);
    openTab('小时');
    expect(bounds('小时周期开始')).toEqual([0, 23]);
    openTab('日');
    expect(bounds('日周期开始')).toEqual([1, 31]);
    openTab('月');
    expect(bounds('月开始值')).toEqual([0, 12]);
    expect(bounds('月间隔')).toEqual([0, 12]);
    expect(bounds('月周期开始')).toEqual([1, 12]);
    openTab('周');
    expect(bounds('周序号')).toEqual([1, 5]);
    openTab('年');
    expect(bounds('年间隔')).toEqual([1, 99]);
    expect(bounds('年开始值')).toEqual([2019, 2119]);
    expect(bounds('年周期结束')).toEqual([2019, 2119]);

    setNumber('年间隔', 150);
    expect(expressionBox().value).toBe('0 0 0 * * ? 2026/99'.replace('2026', String(new Date().getFullYear())));
    // Many tab clicks: slow on a busy machine.
  }, 60_000);

  it('accepts a typed expression, updates the tabs and shows why an invalid one is wrong', async () => {
    const onChange = vi.fn();
    renderWithApp(<CronEditor previewFrom={from} onChange={onChange} />);
    fireEvent.change(expressionBox(), { target: { value: '0 0 12 ? * 6L' } });
    expect(onChange).toHaveBeenLastCalledWith('0 0 12 ? * 6L');
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('2026-11-27 12:00:00 星期五');
    openTab('周');
    expect(within(activePanel()).getByLabelText('最后一周')).toBeChecked();

    fireEvent.change(expressionBox(), { target: { value: '0 0 12 * * *' } });
    expect(await screen.findByText('日和周必须有且只有一个为 ?')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('follows a controlled value', async () => {
    const view = renderWithApp(<CronEditor value="0 0 1 * * ?" previewFrom={from} />);
    expect(expressionBox().value).toBe('0 0 1 * * ?');
    view.rerender(<CronEditor value="0 30 2 L * ?" previewFrom={from} />);
    await waitFor(() => expect(expressionBox().value).toBe('0 30 2 L * ?'));
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('2026-11-30 02:30:00 星期一');
  });
});
