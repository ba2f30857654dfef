import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Form, Modal, Table, Typography, App } from 'antd';
import { fieldKey, onlineFormPerm, type OnlineFormDef, type OnlinePageConfig } from '@district/shared';
import { useHasPermission } from '../../../components/has-permission/use-has-permission';
import { postAction } from '../../../lib/request';
import { dataUrls } from '../api/online-api';
import { OnlineFieldItem } from './online-field-input';
import { loadMainSubRows, SubSections } from './sub-row-editors';

type Row = Record<string, unknown> & { id: string };

/** 新增 of a sub row: the sub form's fields, its foreign key set to the main row. */
function SubRowModal({
  form: def,
  foreignKey,
  mainId,
  open,
  onClose,
  onSaved,
}: {
  form: OnlineFormDef;
  foreignKey: string;
  mainId: string;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={open}
      title={`新增${def.title}`}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      onOk={async () => {
        const values = await form.validateFields();
        setSaving(true);
        try {
          const res = await postAction(dataUrls(def.tableName).add, { ...values, [fieldKey(foreignKey)]: mainId });
          message.success(res.message);
          onSaved();
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} preserve={false}>
        {def.fields
          .filter((f) => f.name !== foreignKey && f.showForm !== false)
          .map((f) => (
            <OnlineFieldItem key={f.name} field={f} />
          ))}
      </Form>
    </Modal>
  );
}

function SubList({
  mainTable,
  form,
  foreignKey,
  mainId,
}: {
  mainTable: string;
  form: OnlineFormDef;
  foreignKey: string;
  mainId: string;
}) {
  const allowed = useHasPermission();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    let live = true;
    setRows(null);
    setError(null);
    // Read with the main form's list right: a sub form usually has no menu, hence no buttons of its own.
    loadMainSubRows(mainTable, mainId)
      .then((r) => live && setRows(r[form.tableName] ?? []))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [mainTable, form.tableName, mainId, round]);
  if (error) return <Alert type="error" showIcon message={error} />;
  return (
    <>
      {allowed(onlineFormPerm(form.tableName, 'add')) && (
        <Button size="small" style={{ marginBottom: 8 }} onClick={() => setAdding(true)}>
          新增{form.title}
        </Button>
      )}
      <SubRowModal
        form={form}
        foreignKey={foreignKey}
        mainId={mainId}
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          reload();
        }}
      />
      <Table<Row>
        size="small"
        rowKey="id"
        loading={!rows}
        dataSource={rows ?? []}
        pagination={false}
        columns={form.fields
          .filter((f) => f.showList !== false && f.name !== foreignKey)
          .map((f) => ({
            title: f.label,
            dataIndex: fieldKey(f.name),
            render: (v: unknown, r: Row) => String(r[`${fieldKey(f.name)}_dictText`] ?? v ?? ''),
          }))}
      />
    </>
  );
}

/** Sub tables of the selected main row: below the list (ERP, inner table) or in tabs (tab theme). */
export function SubTables({ config, mainId }: { config: OnlinePageConfig; mainId: string | null }) {
  if (!mainId) return <Typography.Text type="secondary">选择一条主表记录以查看附表</Typography.Text>;
  const items = config.subForms.map((sub) => {
    const link = config.form.subTables.find((s) => s.table === sub.tableName);
    return {
      key: sub.tableName,
      label: sub.title,
      children: link ? (
        <SubList mainTable={config.form.tableName} form={sub} foreignKey={link.foreignKey} mainId={mainId} />
      ) : null,
    };
  });
  return <SubSections theme={config.form.theme} items={items} />;
}
