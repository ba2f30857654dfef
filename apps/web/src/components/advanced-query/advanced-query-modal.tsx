import { useEffect, useMemo, useState } from 'react';
import { Button, Col, Empty, Input, Modal, Row, Select, Space, Tooltip } from 'antd';
import { DeleteOutlined, MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import {
  isEmptyCondition,
  SUPER_QUERY_MESSAGES,
  SUPER_QUERY_RULE_LABELS,
  SUPER_QUERY_RULES,
  type SavedSuperQuery,
  type SuperQueryCondition,
  type SuperQueryFieldDef,
  type SuperQueryMatchType,
  type SuperQueryRule,
} from '@district/shared';
import { feedback } from '@/lib/feedback';
import { ConditionValueInput, type ConditionValue } from './condition-value-input';
import { loadSavedQueries, savedQueryKey, storeSavedQueries } from './saved-query-storage';

export const ADVANCED_QUERY_TEXT = {
  title: '高级查询构造器',
  reset: '重置',
  save: '保存查询条件',
  close: '关闭',
  search: '查询',
  savedList: '保存的查询',
  saveNamePrompt: '请输入保存的名称',
  matchType: '匹配方式',
} as const;

export const MATCH_TYPE_LABELS: Record<SuperQueryMatchType, string> = {
  and: 'AND（所有条件都要求匹配）',
  or: 'OR（条件中的任意一个匹配）',
};

interface ConditionRow {
  key: string;
  field?: string;
  rule: SuperQueryRule;
  val: ConditionValue;
}

let rowSeq = 0;
const emptyRow = (): ConditionRow => ({ key: `r${++rowSeq}`, rule: 'eq', val: '' });

function fromConditions(conditions: readonly SuperQueryCondition[]): ConditionRow[] {
  if (!conditions.length) return [emptyRow()];
  return conditions.map((c) => ({
    key: `r${++rowSeq}`,
    field: c.field,
    rule: c.rule,
    val: c.rule === 'in' ? String(c.val).split(',').filter(Boolean) : String(c.val ?? ''),
  }));
}

/** The rows that are complete (field, rule and value), as sent in superQueryParams. */
function toConditions(rows: readonly ConditionRow[], fields: readonly SuperQueryFieldDef[]): SuperQueryCondition[] {
  const out: SuperQueryCondition[] = [];
  for (const r of rows) {
    const val = Array.isArray(r.val) ? r.val.join(',') : r.val;
    const c: Partial<SuperQueryCondition> = { field: r.field, rule: r.rule, val };
    if (isEmptyCondition(c)) continue;
    const def = fields.find((f) => f.field === r.field);
    out.push({ field: r.field!, rule: r.rule, val, ...(def ? { type: def.type } : {}) });
  }
  return out;
}

/** Switching to `in` makes the value a list; switching away keeps only its first value (widgets-spec §4). */
export function valueForRule(val: ConditionValue, rule: SuperQueryRule): ConditionValue {
  if (rule === 'in') return Array.isArray(val) ? val : val === '' ? [] : [val];
  return Array.isArray(val) ? (val[0] ?? '') : val;
}

export interface AdvancedQueryModalProps {
  open: boolean;
  fields: readonly SuperQueryFieldDef[];
  /** Saved queries are kept under this code, or under the current route path. */
  saveCode?: string;
  /** The applied query, shown when the builder first opens. */
  initial?: { conditions: SuperQueryCondition[]; matchType: SuperQueryMatchType };
  onClose: () => void;
  /** Emitted by 查询 (complete conditions) and by 重置 (no conditions). */
  onSearch: (conditions: SuperQueryCondition[], matchType: SuperQueryMatchType) => void;
}

/** 高级查询构造器 (widgets-spec §2–§5). */
export function AdvancedQueryModal({ open, fields, saveCode, initial, onClose, onSearch }: AdvancedQueryModalProps) {
  const { pathname } = useLocation();
  const storageKey = savedQueryKey(saveCode, pathname);
  const [rows, setRows] = useState<ConditionRow[]>(() => fromConditions(initial?.conditions ?? []));
  const [matchType, setMatchType] = useState<SuperQueryMatchType>(initial?.matchType ?? 'and');
  const [saved, setSaved] = useState<SavedSuperQuery[]>(() => loadSavedQueries(storageKey));
  const [promptOpen, setPromptOpen] = useState(false);
  const [saveName, setSaveName] = useState('');

  useEffect(() => setSaved(loadSavedQueries(storageKey)), [storageKey]);

  const fieldOptions = useMemo(() => fields.map((f) => ({ value: f.field, label: f.title })), [fields]);
  const ruleOptions = useMemo(
    () => SUPER_QUERY_RULES.map((r) => ({ value: r, label: SUPER_QUERY_RULE_LABELS[r] })),
    [],
  );

  const patchRow = (key: string, patch: Partial<ConditionRow>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const addRow = (after: string) =>
    setRows((list) => {
      const i = list.findIndex((r) => r.key === after);
      return [...list.slice(0, i + 1), emptyRow(), ...list.slice(i + 1)];
    });
  const removeRow = (key: string) =>
    setRows((list) => {
      const rest = list.filter((r) => r.key !== key);
      return rest.length ? rest : [emptyRow()];
    });

  const reset = () => {
    setRows([emptyRow()]);
    setMatchType('and');
    onSearch([], 'and');
  };

  const search = () => {
    const conditions = toConditions(rows, fields);
    if (!conditions.length) {
      feedback.message.warning(SUPER_QUERY_MESSAGES.emptyQuery);
      return;
    }
    onSearch(conditions, matchType);
    onClose();
  };

  const askSave = () => {
    if (!toConditions(rows, fields).length) {
      feedback.message.warning(SUPER_QUERY_MESSAGES.emptySave);
      return;
    }
    setSaveName('');
    setPromptOpen(true);
  };

  const confirmSave = () => {
    const name = saveName.trim();
    if (!name) {
      feedback.message.warning(SUPER_QUERY_MESSAGES.emptyName);
      return;
    }
    const entry: SavedSuperQuery = { title: name, matchType, records: toConditions(rows, fields) };
    const write = () => {
      const current = loadSavedQueries(storageKey);
      const i = current.findIndex((q) => q.title === name);
      const next = i >= 0 ? current.map((q, j) => (j === i ? entry : q)) : [...current, entry];
      storeSavedQueries(storageKey, next);
      setSaved(next);
      setPromptOpen(false);
      feedback.message.success(SUPER_QUERY_MESSAGES.saved);
    };
    if (saved.some((q) => q.title === name)) {
      feedback.modal.confirm({ title: SUPER_QUERY_MESSAGES.overwrite(name), onOk: write });
    } else write();
  };

  const removeSaved = (title: string) => {
    feedback.modal.confirm({
      title: SUPER_QUERY_MESSAGES.deleteSaved,
      onOk: () => {
        const next = loadSavedQueries(storageKey).filter((q) => q.title !== title);
        storeSavedQueries(storageKey, next);
        setSaved(next);
      },
    });
  };

  const applySaved = (query: SavedSuperQuery) => {
    setRows(fromConditions(query.records));
    setMatchType(query.matchType);
  };

  return (
    <>
      <Modal
        title={ADVANCED_QUERY_TEXT.title}
        open={open}
        width={1000}
        onCancel={onClose}
        footer={[
          <Button key="reset" onClick={reset}>
            {ADVANCED_QUERY_TEXT.reset}
          </Button>,
          <Button key="save" onClick={askSave}>
            {ADVANCED_QUERY_TEXT.save}
          </Button>,
          <Button key="close" onClick={onClose}>
            {ADVANCED_QUERY_TEXT.close}
          </Button>,
          <Button key="search" type="primary" onClick={search}>
            {ADVANCED_QUERY_TEXT.search}
          </Button>,
        ]}
      >
        <Row gutter={16}>
          <Col span={18}>
            <Space style={{ marginBottom: 12 }}>
              <span>{ADVANCED_QUERY_TEXT.matchType}</span>
              <Select<SuperQueryMatchType>
                aria-label={ADVANCED_QUERY_TEXT.matchType}
                style={{ width: 240 }}
                value={matchType}
                onChange={setMatchType}
                options={(['and', 'or'] as const).map((m) => ({ value: m, label: MATCH_TYPE_LABELS[m] }))}
              />
            </Space>
            {rows.map((row) => {
              const def = fields.find((f) => f.field === row.field);
              return (
                <Row key={row.key} gutter={8} style={{ marginBottom: 8 }} align="middle" data-testid="condition-row">
                  <Col span={8}>
                    <Select
                      aria-label="查询字段"
                      style={{ width: '100%' }}
                      placeholder="选择查询字段"
                      showSearch={{ optionFilterProp: 'label' }}
                      value={row.field}
                      options={fieldOptions}
                      onChange={(field: string) => patchRow(row.key, { field, val: row.rule === 'in' ? [] : '' })}
                    />
                  </Col>
                  <Col span={5}>
                    <Select<SuperQueryRule>
                      aria-label="匹配规则"
                      style={{ width: '100%' }}
                      value={row.rule}
                      options={ruleOptions}
                      onChange={(rule) => patchRow(row.key, { rule, val: valueForRule(row.val, rule) })}
                    />
                  </Col>
                  <Col span={8}>
                    <ConditionValueInput
                      def={def}
                      rule={row.rule}
                      value={row.val}
                      onChange={(val) => patchRow(row.key, { val })}
                    />
                  </Col>
                  <Col span={3}>
                    <Button
                      type="text"
                      aria-label="添加条件"
                      icon={<PlusCircleOutlined />}
                      onClick={() => addRow(row.key)}
                    />
                    <Button
                      type="text"
                      aria-label="删除条件"
                      icon={<MinusCircleOutlined />}
                      onClick={() => removeRow(row.key)}
                    />
                  </Col>
                </Row>
              );
            })}
          </Col>
          <Col span={6}>
            <div style={{ fontWeight: 500, marginBottom: 8 }}>{ADVANCED_QUERY_TEXT.savedList}</div>
            {saved.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无保存的查询" />
            ) : (
              <ul aria-label={ADVANCED_QUERY_TEXT.savedList} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {saved.map((q) => (
                  <li key={q.title} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                    <Button type="link" style={{ flex: 1, textAlign: 'left' }} onClick={() => applySaved(q)}>
                      {q.title}
                    </Button>
                    <Tooltip title="删除">
                      <Button
                        type="text"
                        size="small"
                        aria-label={`删除查询 ${q.title}`}
                        icon={<DeleteOutlined />}
                        onClick={() => removeSaved(q.title)}
                      />
                    </Tooltip>
                  </li>
                ))}
              </ul>
            )}
          </Col>
        </Row>
      </Modal>
      <Modal
        title={ADVANCED_QUERY_TEXT.saveNamePrompt}
        open={promptOpen}
        onCancel={() => setPromptOpen(false)}
        onOk={confirmSave}
        destroyOnHidden
      >
        <Input
          aria-label="保存名称"
          autoFocus
          value={saveName}
          onChange={(e) => setSaveName(e.target.value)}
          onPressEnter={confirmSave}
        />
      </Modal>
    </>
  );
}
