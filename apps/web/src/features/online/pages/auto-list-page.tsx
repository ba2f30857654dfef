import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { App, Button, Card, Form, Result, Space, Spin, type FormInstance } from 'antd';
import { useLocation } from 'react-router';
import { fieldKey, onlineFormPerm, type OnlineField, type OnlinePageConfig } from '@district/shared';
import { RecordFormModal } from '../../../components/form-modal/record-form-modal';
import { ListPage, type ListEditorProps } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/list-columns';
import type { QueryField } from '../../../components/list-page/list-query';
import { postAction, putAction } from '../../../lib/request';
import { dataUrls, loadPageConfig } from '../api/online-api';
import { EnhanceSandbox, type SandboxButton } from '../components/enhance-sandbox';
import { OnlineFieldItem } from '../components/online-field-input';
import { ParentSelect } from '../components/parent-select';
import { SubRowEditors, type SubRowEditorsApi } from '../components/sub-row-editors';
import { SubTables } from '../components/sub-tables';
import { TreeChildren } from '../components/tree-children';

type Row = Record<string, unknown> & { id: string };

/** The table an auto list shows: the last segment of its menu path (/online/cgformList/{table}). */
export function tableFromPath(pathname: string): string {
  return pathname.replace(/\/+$/, '').split('/').pop() ?? '';
}

function columnsOf(fields: OnlineField[]): ListColumn<Row>[] {
  return fields
    .filter((f) => f.showList !== false && f.widget !== 'password')
    .map((f) => ({
      title: f.label,
      dataIndex: fieldKey(f.name),
      key: fieldKey(f.name),
      sorter: f.dbType !== 'text',
      valueType: f.dictCode
        ? ('dict' as const)
        : f.dbType === 'date'
          ? ('date' as const)
          : f.dbType === 'datetime'
            ? ('datetime' as const)
            : f.dbType === 'int' || f.dbType === 'decimal'
              ? ('number' as const)
              : f.dbType === 'text'
                ? ('longText' as const)
                : ('text' as const),
    }));
}

function queryFieldsOf(fields: OnlineField[]): QueryField[] {
  return fields
    .filter((f) => f.showQuery)
    .map((f): QueryField => {
      const field = fieldKey(f.name);
      if (f.dictCode && !f.dictCode.includes(',')) return { kind: 'dict', field, label: f.label, dictCode: f.dictCode };
      if ((f.dbType === 'date' || f.dbType === 'datetime') && f.queryMode === 'range') {
        return { kind: 'dateRange', field, label: f.label, showTime: f.dbType === 'datetime' };
      }
      if (f.dbType === 'int' || f.dbType === 'decimal') return { kind: 'number', field, label: f.label };
      return { kind: 'input', field, label: f.label, op: f.queryMode === 'like' ? 'like' : 'eq', trim: true };
    });
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
 * The auto list of a synchronised online form, generated at run time from its definition: query form, list,
 * 新增/编辑 form, delete, batch delete, export and import, each button shown by its `online:{table}:*` right.
 * An enhancement script runs in a sandbox: its buttons appear above the list and in the form.
 */
export function AutoListPage() {
  const { pathname } = useLocation();
  const table = tableFromPath(pathname);
  const { message } = App.useApp();
  const [config, setConfig] = useState<OnlinePageConfig | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [buttons, setButtons] = useState<SandboxButton[]>([]);
  const [selected, setSelected] = useState<Row | null>(null);
  const [form] = Form.useForm<Record<string, unknown>>();
  const sandbox = useRef<EnhanceSandbox | null>(null);
  const subRows = useRef<SubRowEditorsApi | null>(null);

  useEffect(() => {
    let live = true;
    setConfig(null);
    setFailed(null);
    loadPageConfig(table)
      .then((c) => live && setConfig(c))
      .catch(
        (e: { response?: { data?: { message?: string } } }) =>
          live && setFailed(e.response?.data?.message ?? '加载失败'),
      );
    return () => {
      live = false;
    };
  }, [table]);

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

  if (failed) return <Result status="warning" title={failed} />;
  if (!config) return <Spin style={{ display: 'block', margin: 48 }} />;
  const urls = dataUrls(table);
  const perm = (a: Parameters<typeof onlineFormPerm>[1]) => onlineFormPerm(table, a);
  const columns = columnsOf(config.form.fields);
  const parentField = config.form.formKind === 'tree' ? config.form.treeParentField : null;
  const childColumns = columns.map((c) => ({
    ...c,
    render: (v: unknown, r: Row) => String(r[`${String(c.key)}_dictText`] ?? v ?? ''),
  }));
  return (
    <Card size="small" title={config.form.title}>
      <ListPage<Row>
        key={table}
        url={{
          list: urls.list,
          delete: urls.delete,
          deleteBatch: urls.deleteBatch,
          exportXls: urls.exportXls,
          importExcel: urls.importExcel,
        }}
        columns={columns}
        // A tree table lists its top level; a row with children expands to them, asked for on expanding.
        defaultParams={parentField ? { treeRoot: '1' } : undefined}
        tableProps={
          config.form.formKind === 'main' && config.form.theme === 'inner'
            ? {
                // Inner-table theme: a main row expands to its sub rows.
                expandable: { expandedRowRender: (r: Row) => <SubTables config={config} mainId={r.id} /> },
              }
            : parentField
              ? {
                  expandable: {
                    rowExpandable: (r: Row) => r.hasChild === '1',
                    expandedRowRender: (r: Row) => (
                      <TreeChildren table={table} parentField={parentField} parentId={r.id} columns={childColumns} />
                    ),
                  },
                }
              : undefined
        }
        queryFields={queryFieldsOf(config.form.fields)}
        permissions={{
          add: perm('add'),
          edit: perm('edit'),
          delete: perm('delete'),
          batchDelete: perm('delete'),
          export: perm('export'),
          import: perm('import'),
        }}
        exportName={config.form.title}
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
