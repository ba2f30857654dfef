import { useEffect, useImperativeHandle, useMemo, useRef, type ReactNode, type Ref } from 'react';
import { Alert, Spin, Tabs, Typography, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  DICT_WIDGETS,
  fieldKey,
  ONLINE_LIMITS,
  ONLINE_MESSAGES,
  onlineFieldRuleParts,
  type OnlineField,
  type OnlineFormDef,
  type OnlinePageConfig,
  type OnlineTheme,
} from '@district/shared';
import { EditableTable } from '@/components/editable-table/editable-table';
import { asUploadValue } from '@/components/editable-table/upload-cell';
import { feedback } from '@/lib/feedback';
import type {
  ColumnType,
  EditableColumn,
  EditableTableApi,
  ValidateRule,
} from '@/components/editable-table/editable-table-types';
import { getAction } from '@/lib/request';
import { dataUrls, onlineKeys } from '../api/online-api';
import { OnlineFieldItem } from './online-field-input';

type Row = Record<string, unknown> & { id: string };
export type SubRowsPayload = Record<string, Record<string, unknown>[]>;

/** What the main form's save asks of the sub tables: their rows, or null when a cell is invalid. */
export interface SubRowEditorsApi {
  collect(): Promise<SubRowsPayload | null>;
}

/** The sub rows of one main record (read with the main form's right), asked for 3 times before 打开子表失败. */
export async function loadMainSubRows(table: string, mainId: string): Promise<Record<string, Row[]>> {
  let lastError: unknown;
  for (let attempt = 0; attempt < ONLINE_LIMITS.subTableRetries; attempt++) {
    try {
      return (await getAction<Record<string, Row[]>>(dataUrls(table).subRows, { id: mainId }, { silent: true })).result;
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(ONLINE_MESSAGES.subTableFailed, { cause: lastError });
}

function cellType(f: OnlineField): ColumnType {
  if (f.widget === 'checkbox' || f.widget === 'multiSelect') return 'list_multi';
  if (f.widget && DICT_WIDGETS.includes(f.widget)) return 'select';
  if (f.widget === 'switch' || f.dbType === 'boolean') return 'checkbox';
  if (f.dbType === 'date' || f.widget === 'date') return 'date';
  if (f.dbType === 'datetime' || f.widget === 'datetime') return 'datetime';
  if (f.dbType === 'int' || f.dbType === 'decimal' || f.widget === 'number') return 'inputNumber';
  if (f.widget === 'userPicker') return 'sel_user';
  if (f.widget === 'departPicker') return 'sel_depart';
  if (f.widget === 'image') return 'image';
  if (f.widget === 'file') return 'file';
  return 'input';
}

/**
 * The stored value of a sub row's cell: an image or file cell holds its upload's state, the server its path. A cell
 * still uploading or whose upload failed is an error (saving would lose the file), named by its column.
 */
function storedCell(column: EditableColumn, value: unknown): { value: unknown } | { error: string } {
  if (column.type !== 'image' && column.type !== 'file') return { value };
  const file = asUploadValue(value);
  if (!file) return { value: '' };
  if (file.status === 'uploading') return { error: ONLINE_MESSAGES.subFileUploading(column.title) };
  if (file.status === 'error') return { error: ONLINE_MESSAGES.subFileFailed(column.title) };
  return { value: file.path ?? '' };
}

/** The sub form's fields as editable-table columns, with the checks the server repeats per row. */
export function subColumns(form: OnlineFormDef, foreignKey: string): EditableColumn[] {
  return form.fields
    .filter((f) => f.name !== foreignKey && f.showForm !== false && f.widget !== 'password')
    .map((f) => {
      const rules: ValidateRule[] = [];
      // 必填 as the descriptor states it; the cells have no length rule, the server checks that.
      const { required, rule } = onlineFieldRuleParts(f);
      if (required) rules.push(required);
      // The shared 校验规则 (手机号, 身份证号…) in the cell too, not only on the server.
      for (const r of rule) if (r.pattern) rules.push({ pattern: r.pattern, message: r.message });
      if (f.pattern) rules.push({ pattern: f.pattern, message: f.patternMessage || `${f.label}格式不正确` });
      const type = cellType(f);
      return {
        key: fieldKey(f.name),
        title: f.label,
        type,
        width: 160,
        placeholder: `请输入${f.label}`,
        dictCode: f.dictCode && !f.dictCode.includes(',') ? f.dictCode : undefined,
        customValue: type === 'checkbox' ? [1, 0] : undefined,
        // Files of generated forms are stored under `online`, per tenant like every upload.
        bizPath: type === 'image' || type === 'file' ? 'online' : undefined,
        defaultValue: f.defaultValue ?? undefined,
        validateRules: rules,
      };
    });
}

interface Loaded {
  rows: Record<string, Row[]>;
}

/** A new main record has no sub rows yet. */
const NOTHING_LOADED: Loaded = { rows: {} };

/**
 * The sub tables of a main form inside its add/edit modal: one-to-many as an editable table of rows, one-to-one
 * as the sub form's fields (named under the sub table). The rows are saved with the main record in one request.
 */
export function SubRowEditors({
  config,
  form,
  mainId,
  ref,
}: {
  config: OnlinePageConfig;
  form: FormInstance<Record<string, unknown>>;
  mainId: string | null;
  ref?: Ref<SubRowEditorsApi>;
}) {
  const table = config.form.tableName;
  const tables = useRef(new Map<string, EditableTableApi | null>());
  const links = config.form.subTables.filter((l) => config.subForms.some((s) => s.tableName === l.table));
  // The rows as they are when the form opens: never asked again while it is open (that would wipe the user's
  // edits), nor kept once it closes.
  const { data, error } = useQuery({
    queryKey: [...onlineKeys.subRows(table, mainId ?? ''), 'editing'],
    queryFn: () => loadMainSubRows(table, mainId!),
    enabled: mainId !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
  const loaded = useMemo<Loaded | null>(
    () => (mainId === null ? NOTHING_LOADED : data ? { rows: data } : null),
    [mainId, data],
  );

  useEffect(() => {
    if (!data) return;
    for (const link of links) {
      const one = link.relation === 'one' ? data[link.table]?.[0] : undefined;
      if (one) form.setFieldValue(link.table, one);
    }
    // Filled once, when the rows arrive; the links follow the config.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, form]);

  useImperativeHandle(
    ref,
    () => ({
      async collect() {
        if (!loaded) return null;
        const out: SubRowsPayload = {};
        let invalid = false;
        for (const link of links) {
          const sub = config.subForms.find((s) => s.tableName === link.table)!;
          const columns = new Map(subColumns(sub, link.foreignKey).map((c) => [c.key, c]));
          const keys = new Set(columns.keys());
          const known = new Set((loaded.rows[link.table] ?? []).map((r) => r.id));
          const pick = (row: Record<string, unknown>, id: unknown) => {
            const values: Record<string, unknown> = {};
            for (const [k, v] of Object.entries(row)) {
              const column = columns.get(k);
              if (!column) continue;
              const cell = storedCell(column, v);
              if ('error' in cell) {
                if (!invalid) feedback.message.warning(cell.error);
                invalid = true;
              } else values[k] = cell.value;
            }
            return typeof id === 'string' && known.has(id) ? { ...values, id } : values;
          };
          if (link.relation === 'one') {
            const values = (form.getFieldValue(link.table) ?? {}) as Record<string, unknown>;
            const existing = loaded.rows[link.table]?.[0];
            const filled = Object.entries(values).some(
              ([k, v]) => keys.has(k) && v !== null && v !== undefined && v !== '',
            );
            out[link.table] = filled || existing ? [pick(values, existing?.id)] : [];
            continue;
          }
          const api = tables.current.get(link.table);
          if (!api) continue;
          const result = await api.validate();
          if (result.error > 0) invalid = true;
          out[link.table] = result.values.map((r) => pick(r, r.id));
        }
        return invalid ? null : out;
      },
    }),
    [config.subForms, form, links, loaded],
  );

  if (error) return <Alert type="error" showIcon message={error.message} />;
  if (!loaded) return <Spin />;
  const items = links.map((link) => {
    const sub = config.subForms.find((s) => s.tableName === link.table)!;
    const children =
      link.relation === 'one' ? (
        sub.fields
          .filter((f) => f.name !== link.foreignKey && f.showForm !== false)
          .map((f) => <OnlineFieldItem key={f.name} field={f} namePrefix={link.table} />)
      ) : (
        <EditableTable
          ref={(api) => {
            tables.current.set(link.table, api);
          }}
          columns={subColumns(sub, link.foreignKey)}
          dataSource={loaded.rows[link.table] ?? []}
          rowNumber
          rowSelection
          actionButton
          size="small"
          maxHeight={300}
        />
      );
    return { key: link.table, label: sub.title, forceRender: true, children };
  });
  if (!items.length) return null;
  return <SubSections theme={config.form.theme} items={items} />;
}

/** Sub tables under a main record: tabs for the tab theme, titled sections one below the other otherwise. */
export function SubSections({
  theme,
  items,
}: {
  theme: OnlineTheme;
  items: { key: string; label: string; children: ReactNode; forceRender?: boolean }[];
}) {
  if (theme === 'tab') return <Tabs items={items} />;
  return (
    <>
      {items.map((i) => (
        <div key={i.key} style={{ marginTop: 16 }}>
          <Typography.Title level={5}>{i.label}</Typography.Title>
          {i.children}
        </div>
      ))}
    </>
  );
}
