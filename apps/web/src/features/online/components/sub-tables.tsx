import { useState } from 'react';
import { Alert, Button, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { fieldKey, onlineFormPerm, type OnlineFormDef, type OnlinePageConfig } from '@district/shared';
import { RecordFormModal } from '@/components/form-modal/record-form-modal';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { dataUrls, onlineKeys } from '../api/online-api';
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
  const urls = dataUrls(def.tableName);
  const title = `新增${def.title}`;
  return (
    <RecordFormModal<Row, Record<string, unknown>>
      open={open}
      record={null}
      titles={{ add: title, edit: title }}
      formName={`online-sub-${def.tableName}`}
      width={520}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
      destroyOnHidden
      urls={urls}
      toPayload={(values) => ({ ...values, [fieldKey(foreignKey)]: mainId })}
      onClose={onClose}
      onSaved={onSaved}
    >
      {def.fields
        .filter((f) => f.name !== foreignKey && f.showForm !== false)
        .map((f) => (
          <OnlineFieldItem key={f.name} field={f} />
        ))}
    </RecordFormModal>
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
  const [adding, setAdding] = useState(false);
  // Read with the main form's list right: a sub form usually has no menu, hence no buttons of its own. Every sub
  // table of the main row comes in the one answer.
  const { data, error, refetch } = useQuery({
    queryKey: onlineKeys.subRows(mainTable, mainId),
    queryFn: () => loadMainSubRows(mainTable, mainId),
  });
  if (error) return <Alert type="error" showIcon message={error.message} />;
  const rows = data ? (data[form.tableName] ?? []) : null;
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
          void refetch();
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
