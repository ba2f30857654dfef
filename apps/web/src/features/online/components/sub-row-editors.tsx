import { useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { Alert, Spin, Tabs, Typography, type FormInstance } from 'antd';
import {
  DICT_WIDGETS,
  fieldKey,
  ONLINE_LIMITS,
  ONLINE_MESSAGES,
  type OnlineField,
  type OnlineFormDef,
  type OnlinePageConfig,
  type OnlineTheme,
} from '@district/shared';
import { EditableTable } from '../../../components/editable-table/editable-table';
import type {
  ColumnType,
  EditableColumn,
  EditableTableApi,
  ValidateRule,
} from '../../../components/editable-table/editable-table-types';
import { getAction } from '../../../lib/request';
import { dataUrls } from '../api/online-api';
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
  return 'input';
}

/** The sub form's fields as editable-table columns, with the checks the server repeats per row. */
export function subColumns(form: OnlineFormDef, foreignKey: string): EditableColumn[] {
  return form.fields
    .filter((f) => f.name !== foreignKey && f.showForm !== false && f.widget !== 'password')
    .map((f) => {
      const rules: ValidateRule[] = [];
      if (f.required) rules.push({ required: true, message: `请输入${f.label}` });
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
        defaultValue: f.defaultValue ?? undefined,
        validateRules: rules,
      };
    });
}

interface Loaded {
  rows: Record<string, Row[]>;
}

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
  const [loaded, setLoaded] = useState<Loaded | null>(mainId ? null : { rows: {} });
  const [error, setError] = useState<string | null>(null);
  const tables = useRef(new Map<string, EditableTableApi | null>());
  const links = config.form.subTables.filter((l) => config.subForms.some((s) => s.tableName === l.table));

  useEffect(() => {
    if (!mainId) return;
    let live = true;
    loadMainSubRows(table, mainId)
      .then((rows) => {
        if (!live) return;
        for (const link of links) {
          const one = link.relation === 'one' ? rows[link.table]?.[0] : undefined;
          if (one) form.setFieldValue(link.table, one);
        }
        setLoaded({ rows });
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
    // The links follow the config; reloading on each render would wipe the user's edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [table, mainId, form]);

  useImperativeHandle(
    ref,
    () => ({
      async collect() {
        if (!loaded) return null;
        const out: SubRowsPayload = {};
        let invalid = false;
        for (const link of links) {
          const sub = config.subForms.find((s) => s.tableName === link.table)!;
          const keys = new Set(subColumns(sub, link.foreignKey).map((c) => c.key));
          const known = new Set((loaded.rows[link.table] ?? []).map((r) => r.id));
          const pick = (row: Record<string, unknown>, id: unknown) => {
            const values = Object.fromEntries(Object.entries(row).filter(([k]) => keys.has(k)));
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

  if (error) return <Alert type="error" showIcon message={error} />;
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
