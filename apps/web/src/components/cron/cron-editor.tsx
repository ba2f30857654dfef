import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Checkbox, Input, InputNumber, Radio, Select, Space, Tabs, Typography, theme } from 'antd';
import {
  CRON_EDITOR_BOUNDS,
  CRON_FIELDS,
  CRON_WEEK_DAY_LABELS,
  formatDateTime,
  nextCronRuns,
  validateCron,
  type CronFieldName,
} from '@district/shared';
import {
  CRON_FIELD_CONFIG,
  DEFAULT_CRON,
  describeCron,
  expressionFromState,
  stateFromExpression,
  updateField,
  type CronFieldState,
  type CronMode,
} from './cron-model';

export interface CronEditorProps {
  /** Quartz expression (second minute hour day month week year); controlled when given. */
  value?: string;
  defaultValue?: string;
  onChange?: (expression: string) => void;
  /** How many upcoming run times to preview (default 5). */
  previewCount?: number;
  /** Start of the preview; defaults to now (tests pin it). */
  previewFrom?: Date;
}

const weekDayOptions = CRON_WEEK_DAY_LABELS.map((label, index) => ({ value: index + 1, label }));

function specificLabel(field: CronFieldName, value: number): string {
  return field === 'week' ? (CRON_WEEK_DAY_LABELS[value - 1] ?? String(value)) : String(value).padStart(2, '0');
}

/** A number box bound to one property of the field state, clamped to the spec's bounds. */
function NumberBox({
  label,
  value,
  bounds,
  onChange,
}: {
  label: string;
  value: number;
  bounds: readonly [number, number];
  onChange: (value: number) => void;
}) {
  return (
    <InputNumber
      size="small"
      aria-label={label}
      min={bounds[0]}
      max={bounds[1]}
      precision={0}
      value={value}
      style={{ width: 80 }}
      onChange={(next) => {
        if (typeof next === 'number') onChange(next);
      }}
    />
  );
}

function FieldPanel({
  field,
  state,
  onChange,
}: {
  field: CronFieldName;
  state: CronFieldState;
  onChange: (patch: Partial<CronFieldState>) => void;
}) {
  const config = CRON_FIELD_CONFIG[field];
  const { token } = theme.useToken();
  const { unit } = config;
  const isWeek = field === 'week';
  const name = config.label;
  const rangeBox = (key: 'rangeStart' | 'rangeEnd', text: string) => (
    <NumberBox
      label={`${name}${text}`}
      value={state[key]}
      bounds={config.range}
      onChange={(next) => onChange({ [key]: next, mode: 'range' })}
    />
  );
  const weekDaySelect = (mode: CronMode, text: string) => (
    <Select
      size="small"
      aria-label={text}
      style={{ width: 100 }}
      options={weekDayOptions}
      value={state.weekDay}
      onChange={(weekDay: number) => onChange({ weekDay, mode })}
    />
  );

  const rows: Record<CronMode, { title: string; extra?: ReactNode }> = {
    every: { title: isWeek ? '每天' : field === 'day' ? '每日' : `每${unit}` },
    unspecified: { title: '不指定' },
    range: {
      title: '周期',
      extra: isWeek ? (
        <>
          从 {weekDaySelectFor('rangeStart')} - {weekDaySelectFor('rangeEnd')}
        </>
      ) : (
        <>
          从 {rangeBox('rangeStart', '周期开始')} - {rangeBox('rangeEnd', '周期结束')} {unit}
        </>
      ),
    },
    increment: {
      title: '循环',
      extra: (
        <>
          从{' '}
          <NumberBox
            label={`${name}开始值`}
            value={state.incStart}
            bounds={config.incStart}
            onChange={(incStart) => onChange({ incStart, mode: 'increment' })}
          />{' '}
          {unit}开始，每{' '}
          <NumberBox
            label={`${name}间隔`}
            value={state.incStep}
            bounds={config.incStep}
            onChange={(incStep) => onChange({ incStep, mode: 'increment' })}
          />{' '}
          {unit}执行一次
        </>
      ),
    },
    specific: {
      title: '指定',
      extra: (
        <Checkbox.Group
          aria-label={`${name}指定值`}
          style={{ display: 'flex', flexWrap: 'wrap', marginTop: 8 }}
          value={state.specific}
          onChange={(values) => onChange({ specific: values, mode: 'specific' })}
        >
          {Array.from({ length: config.specific[1] - config.specific[0] + 1 }, (_, index) => {
            const value = config.specific[0] + index;
            return (
              <Checkbox key={value} value={value} style={{ width: isWeek ? 90 : 56, marginInlineStart: 0 }}>
                {specificLabel(field, value)}
              </Checkbox>
            );
          })}
        </Checkbox.Group>
      ),
    },
    lastDay: { title: '本月最后一天' },
    nearestWeekday: {
      title: '工作日',
      extra: (
        <>
          每月{' '}
          <NumberBox
            label="最近工作日的日期"
            value={state.nearestDay}
            bounds={CRON_FIELD_CONFIG.day.range}
            onChange={(nearestDay) => onChange({ nearestDay, mode: 'nearestWeekday' })}
          />{' '}
          号最近的那个工作日
        </>
      ),
    },
    nthWeekday: {
      title: '第几周',
      extra: (
        <>
          本月第{' '}
          <NumberBox
            label="周序号"
            value={state.nth}
            bounds={CRON_EDITOR_BOUNDS.nthWeekday}
            onChange={(nth) => onChange({ nth, mode: 'nthWeekday' })}
          />{' '}
          周的 {weekDaySelect('nthWeekday', '第几周的星期')}
        </>
      ),
    },
    lastWeekDay: { title: '最后一周', extra: <>本月最后一个 {weekDaySelect('lastWeekDay', '最后一个星期')}</> },
  };

  function weekDaySelectFor(key: 'rangeStart' | 'rangeEnd') {
    return (
      <Select
        size="small"
        aria-label={key === 'rangeStart' ? '周期开始星期' : '周期结束星期'}
        style={{ width: 100 }}
        options={weekDayOptions}
        value={state[key]}
        onChange={(next: number) => onChange({ [key]: next, mode: 'range' })}
      />
    );
  }

  return (
    <Radio.Group value={state.mode} onChange={(event) => onChange({ mode: event.target.value as CronMode })}>
      <Space orientation="vertical">
        {config.modes.map((mode) => (
          // antd's radio group sets font-size 0 (against gaps between button radios): the words between the
          // number boxes (从 … 开始，每 … 执行一次) need the normal size back.
          <div key={mode} className="cron-editor-row" style={{ fontSize: token.fontSize }}>
            <Radio value={mode}>{rows[mode].title}</Radio>
            {rows[mode].extra}
          </div>
        ))}
      </Space>
    </Radio.Group>
  );
}

/** The next run times, or the reason the expression is invalid. */
export function CronPreview({ expression, count = 5, from }: { expression: string; count?: number; from?: Date }) {
  const error = validateCron(expression);
  const runs = useMemo(
    () => (error ? [] : nextCronRuns(expression, count, from ?? new Date())),
    [error, expression, count, from],
  );
  if (error) return <Alert type="error" showIcon title={error} />;
  return (
    <div aria-label="最近运行时间">
      <div data-testid="cron-words">
        <Typography.Text strong>执行规律：</Typography.Text>
        {describeCron(expression)}
      </div>
      <Typography.Text strong>最近 {count} 次运行时间：</Typography.Text>
      {runs.length === 0 ? (
        <div>之后不会再运行</div>
      ) : (
        <ol style={{ margin: '4px 0 0', paddingInlineStart: 24 }}>
          {runs.map((run) => (
            <li key={run.getTime()}>
              {formatDateTime(run)} {CRON_WEEK_DAY_LABELS[run.getDay()]}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * Quartz cron expression editor: one tab per field (second … year), the expression itself (editable)
 * and a preview of the next run times. Works as an antd Form control (value / onChange).
 */
export function CronEditor({ value, defaultValue, onChange, previewCount = 5, previewFrom }: CronEditorProps) {
  const [inner, setInner] = useState(value ?? defaultValue ?? DEFAULT_CRON);
  const expression = value ?? inner;
  const [fields, setFields] = useState(() => stateFromExpression(expression));
  // Tabs the user changed here: only untouched ones follow a finer tab that starts repeating (see updateField).
  const [touched, setTouched] = useState<ReadonlySet<CronFieldName>>(() => new Set());
  // Follows a value set from outside (form reset, another editor) without fighting the user's typing.
  const [seen, setSeen] = useState(expression);
  if (seen !== expression) {
    setSeen(expression);
    setFields(stateFromExpression(expression));
    setTouched(new Set());
  }

  const emit = (next: string) => {
    setSeen(next);
    setInner(next);
    onChange?.(next);
  };

  const changeField = (field: CronFieldName, patch: Partial<CronFieldState>) => {
    const next = updateField(fields, field, patch, touched);
    setTouched(new Set([...touched, field]));
    setFields(next);
    emit(expressionFromState(next));
  };

  return (
    <div>
      <Tabs
        size="small"
        items={CRON_FIELDS.map((field) => ({
          key: field,
          label: CRON_FIELD_CONFIG[field].label,
          children: <FieldPanel field={field} state={fields[field]} onChange={(patch) => changeField(field, patch)} />,
        }))}
      />
      <Space orientation="vertical" style={{ width: '100%', marginTop: 12 }}>
        <Input
          addonBefore="表达式"
          aria-label="Cron 表达式"
          value={expression}
          onChange={(event) => {
            const next = event.target.value;
            setFields(stateFromExpression(next));
            // A typed expression is what the user wants, every field of it.
            setTouched(new Set(CRON_FIELDS));
            emit(next);
          }}
        />
        <CronPreview expression={expression.trim()} count={previewCount} from={previewFrom} />
      </Space>
    </div>
  );
}
