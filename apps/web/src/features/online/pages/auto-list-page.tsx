import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { App, Button, Card, Form, Result, Space, Spin, type FormInstance } from 'antd';
import { useLocation } from 'react-router';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { fieldKey, onlineDescriptor, onlineListFields, onlineQueryFields, type PageResult } from '@district/shared';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { ListPage, type ListEditorProps } from '@/components/list-page/list-page';
import { getAction, postAction, putAction } from '@/lib/request';
import { dataUrls, loadFailure, loadPageConfig, onlineKeys } from '../api/online-api';
import { EnhanceSandbox, type SandboxButton } from '../components/enhance-sandbox';
import { OnlineFieldItem } from '../components/online-field-input';
import { ParentSelect } from '../components/parent-select';
import { SubRowEditors, type SubRowEditorsApi } from '../components/sub-row-editors';
import { SubTables } from '../components/sub-tables';

type Row = Record<string, unknown> & { id: string };

/** The table an auto list shows: the last segment of its menu path (/online/cgformList/{table}). */
export function tableFromPath(pathname: string): string {
  return pathname.replace(/\/+$/, '').split('/').pop() ?? '';
}

/** The children of one tree row, asked for when it is first expanded. */
const childParams = (parentField: string, parentId: string) => ({ [fieldKey(parentField)]: parentId, pageSize: 200 });

/**
 * A tree list's rows with the children of expanded rows nested under them (antd tree data): children are rows of the
 * same table, with checkbox, 编辑 and 删除, and the expand icon sits in the first data column. The children are asked
 * for as rows are expanded, and again whenever the top level reloads (after a save or a delete).
 */
function useTreeRows(table: string, parentField: string | null) {
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState<string[]>([]);
  const lastTop = useRef<Row[] | null>(null);
  const ids = parentField ? expanded : [];
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: onlineKeys.rows(table, childParams(parentField!, id)),
      queryFn: async () =>
        (await getAction<PageResult<Row>>(dataUrls(table).list, childParams(parentField!, id))).result.records,
    })),
  });
  const children = new Map(ids.map((id, i) => [id, results[i]?.data]));
  const treeRows = (records: Row[]): Row[] => {
    if (records !== lastTop.current) {
      // A reload of the top level: the loaded children may have changed with it.
      if (lastTop.current)
        queueMicrotask(() => void queryClient.invalidateQueries({ queryKey: ['online', 'rows', table] }));
      lastTop.current = records;
    }
    const nest = (rows: Row[], seen: Set<string>): Row[] =>
      rows.map((r) =>
        r.hasChild === '1' && !seen.has(r.id)
          ? // An empty list until loaded still shows the expand icon.
            { ...r, children: nest(children.get(r.id) ?? [], new Set(seen).add(r.id)) }
          : r,
      );
    return nest(records, new Set());
  };
  const onExpand = (open: boolean, row: Row) => {
    if (open && !expanded.includes(row.id)) setExpanded((list) => [...list, row.id]);
  };
  return { treeRows, onExpand };
}

/** Form events for the enhancement: loaded once the editor has its values, then each value change. */
function EditorEvents({
  open,
  form,
  sandbox,
}: {
  open: boolean;
  form: FormInstance<Record<string, unknown>>;
  sandbox: RefObject<EnhanceSandbox | null>;
}) {
  const values = Form.useWatch((all: Record<string, unknown>) => all, form);
  const last = useRef<Record<string, unknown> | null>(null);
  useEffect(() => {
    // Each opening of the form is a new load.
    if (!open) last.current = null;
  }, [open]);
  useEffect(() => {
    if (!open) return;
    if (!values) return;
    const before = last.current;
    last.current = { ...values };
    const box = sandbox.current;
    if (!box) return;
    if (!before) {
      void box.fire('onLoad');
      return;
    }
    for (const [field, value] of Object.entries(values)) {
      if (before[field] !== value) void box.fire('onChange', [field, value]);
    }
  }, [open, values, sandbox]);
  return null;
}

/**
 * The auto list of a synchronised online form, generated at run time from its definition: the form's descriptor
 * (`onlineDescriptor`, the one the server's routes are built from) gives the URLs, columns, query form, buttons by
 * their `online:{table}:*` right and the export name, as every hand-written page's descriptor does; the designer's
 * 列表/查询 settings pick the columns and query inputs. An enhancement script runs in a sandbox: its buttons appear
 * above the list and in the form.
 */
export function AutoListPage() {
  const { pathname } = useLocation();
  const table = tableFromPath(pathname);
  const { message } = App.useApp();
  const { data: config, error } = useQuery({
    queryKey: onlineKeys.pageConfig(table),
    queryFn: () => loadPageConfig(table),
  });
  const [buttons, setButtons] = useState<SandboxButton[]>([]);
  const [selected, setSelected] = useState<Row | null>(null);
  const [form] = Form.useForm<Record<string, unknown>>();
  const sandbox = useRef<EnhanceSandbox | null>(null);
  const subRows = useRef<SubRowEditorsApi | null>(null);
  const descriptor = useMemo(() => (config ? onlineDescriptor(config.form) : null), [config]);
  const tree = useTreeRows(table, config?.form.formKind === 'tree' ? (config.form.treeParentField ?? null) : null);

  useEffect(() => {
    if (!config?.enhance) return;
    const box = new EnhanceSandbox(config.enhance, {
      values: () => form.getFieldsValue(true) as Record<string, unknown>,
      setValue: (field, value) => form.setFieldValue(field, value),
      message: (text) => message.info(text),
      buttons: setButtons,
    });
    sandbox.current = box;
    return () => {
      box.dispose();
      sandbox.current = null;
      setButtons([]);
    };
  }, [config, form, message]);

  const formFields = useMemo(() => (config?.form.fields ?? []).filter((f) => f.showForm !== false), [config]);
  const treeParent = config?.form.formKind === 'tree' ? (config.form.treeParentField ?? null) : null;
  const parentKey = treeParent ? fieldKey(treeParent) : null;
  // Main forms edit their sub rows inside the same modal, saved with the main record in one request.
  const withSubs = config?.form.formKind === 'main' && config.subForms.length > 0;

  const renderEditor = useCallback(
    ({ open, record, onClose, onSaved }: ListEditorProps<Row>) => (
      <RecordFormModal<Row, Record<string, unknown>>
        open={open}
        record={record}
        form={form}
        titles={{ add: `新增${config?.form.title ?? ''}`, edit: `编辑${config?.form.title ?? ''}` }}
        formName={`online-${table}`}
        width={withSubs ? 1000 : 800}
        initialValues={(r) => {
          if (!r) {
            const defaults: Record<string, unknown> = {};
            for (const f of formFields) if (f.defaultValue) defaults[fieldKey(f.name)] = f.defaultValue;
            return defaults;
          }
          const values = Object.fromEntries(formFields.map((f) => [fieldKey(f.name), r[fieldKey(f.name)] ?? null]));
          if (parentKey) values[parentKey] = r[parentKey] ?? null;
          return values;
        }}
        save={async (values, r) => {
          if (sandbox.current && !(await sandbox.current.fire('beforeSubmit', [values]))) {
            throw new Error('cancelled');
          }
          const payload = Object.fromEntries(
            Object.entries(values).filter(
              ([k]) => formFields.some((f) => fieldKey(f.name) === k) || (parentKey !== null && k === parentKey),
            ),
          );
          if (withSubs) {
            const subs = await subRows.current?.collect();
            // An invalid cell is shown in its table; the modal stays open.
            if (!subs) throw new Error('invalid sub rows');
            Object.assign(payload, subs);
          }
          const urls = dataUrls(table);
          return r ? putAction(urls.edit, { ...payload, id: r.id }) : postAction(urls.add, payload);
        }}
        onClose={onClose}
        onSaved={onSaved}
      >
        {buttons.length > 0 && (
          <Space style={{ marginBottom: 12 }}>
            {buttons.map((b) => (
              <Button key={b.key} size="small" onClick={() => void sandbox.current?.fire('onButton', [b.key])}>
                {b.label}
              </Button>
            ))}
          </Space>
        )}
        <EditorEvents open={open} form={form} sandbox={sandbox} />
        {parentKey && (
          <Form.Item label="上级" name={parentKey}>
            <ParentSelect
              table={table}
              textField={config?.form.treeTextField ?? config?.form.fields[0]?.name ?? 'id'}
              exclude={record?.id}
            />
          </Form.Item>
        )}
        {formFields.map((f) => (
          <OnlineFieldItem key={f.name} field={f} />
        ))}
        {withSubs && config && open && (
          <SubRowEditors
            key={record?.id ?? 'new'}
            config={config}
            form={form}
            mainId={record?.id ?? null}
            ref={subRows}
          />
        )}
      </RecordFormModal>
    ),
    [buttons, config, form, formFields, parentKey, table, withSubs],
  );

  if (error) return <Result status="warning" title={loadFailure(error)} />;
  if (!config || !descriptor) return <Spin style={{ display: 'block', margin: 48 }} />;
  const columns = onlineListFields(config.form);
  const parentField = config.form.formKind === 'tree' ? config.form.treeParentField : null;
  return (
    <Card size="small" title={config.form.title}>
      <ListPage<Row>
        key={table}
        resource={descriptor}
        columns={columns}
        // A tree table lists its top level; a row with children expands to them, asked for on expanding.
        defaultParams={parentField ? { treeRoot: '1' } : undefined}
        treeRows={parentField ? tree.treeRows : undefined}
        tableProps={
          config.form.formKind === 'main' && config.form.theme === 'inner'
            ? {
                // Inner-table theme: a main row expands to its sub rows.
                expandable: { expandedRowRender: (r: Row) => <SubTables config={config} mainId={r.id} /> },
              }
            : parentField
              ? { expandable: { onExpand: tree.onExpand } }
              : undefined
        }
        queryFields={onlineQueryFields(config.form)}
        // The generated pages have no 高级查询 (the descriptor would offer every filterable field, system columns
        // too); its saved queries would live under this code.
        superQueryFields={[]}
        superQueryCode={`online-${table}`}
        renderEditor={renderEditor}
        onSelectionChange={(_, rows) => setSelected(rows[0] ?? null)}
        toolbarExtra={
          buttons.length > 0 ? (
            <Space>
              {buttons.map((b) => (
                <Button key={b.key} onClick={() => void sandbox.current?.fire('onButton', [b.key])}>
                  {b.label}
                </Button>
              ))}
            </Space>
          ) : undefined
        }
      />
      {config.form.formKind === 'main' && config.form.theme !== 'inner' && config.subForms.length > 0 && (
        <SubTables config={config} mainId={selected?.id ?? null} />
      )}
    </Card>
  );
}
