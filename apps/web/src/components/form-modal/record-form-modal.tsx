import { useEffect, useState, type ReactNode } from 'react';
import { App, Form, Modal, type FormInstance } from 'antd';
import type { ColProps } from 'antd';
import { postAction, putAction } from '../../lib/request';

/** Where a form is saved: the add/edit URLs (postAction/putAction of the payload), or the feature's own save. */
export type RecordFormSave<R, V> =
  | { urls: { add: string; edit: string }; toPayload: (values: V, record: R | null) => object }
  | { save: (values: V, record: R | null) => Promise<{ message?: string }> };

export type RecordFormModalProps<R, V extends object> = RecordFormSave<R, V> & {
  open: boolean;
  /** The record edited, or null to add one. */
  record: R | null;
  titles: { add: string; edit: string };
  /** The field values when the modal opens (a blank form when absent). */
  initialValues?: (record: R | null) => Partial<V> | undefined;
  /** The form instance, when the caller watches or sets fields itself. */
  form?: FormInstance<V>;
  formName: string;
  width?: number;
  labelCol?: ColProps;
  wrapperCol?: ColProps;
  destroyOnHidden?: boolean;
  onClose: () => void;
  onSaved: () => void;
  /** The Form.Items. */
  children: ReactNode;
};

const SAVED = '保存成功！';

/**
 * The add/edit modal of a record: 新增 or 编辑 title by record, fields filled on opening, validation, saving
 * with the OK button's spinner, the server's message on success, then onSaved. A failed save keeps the modal
 * open (the request layer shows the server's message).
 */
export function RecordFormModal<R, V extends object>(props: RecordFormModalProps<R, V>) {
  const {
    open,
    record,
    titles,
    initialValues,
    formName,
    width = 600,
    labelCol = { span: 5 },
    wrapperCol = { span: 17 },
    destroyOnHidden,
    onClose,
    onSaved,
    children,
  } = props;
  const { message } = App.useApp();
  const [ownForm] = Form.useForm<V>();
  const form = props.form ?? ownForm;
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const values = initialValues?.(record);
    if (values) form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
    // initialValues is read when the modal opens or gets another record, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record, form]);

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      let res: { message?: string };
      if ('save' in props) {
        res = await props.save(values, record);
      } else {
        const payload = props.toPayload(values, record);
        res = record ? await putAction(props.urls.edit, payload) : await postAction(props.urls.add, payload);
      }
      message.success(res.message || SAVED);
      onSaved();
    } catch {
      // The request layer shows the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={record ? titles.edit : titles.add}
      width={width}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      destroyOnHidden={destroyOnHidden}
      forceRender
    >
      <Form form={form} name={formName} labelCol={labelCol} wrapperCol={wrapperCol}>
        {children}
      </Form>
    </Modal>
  );
}
