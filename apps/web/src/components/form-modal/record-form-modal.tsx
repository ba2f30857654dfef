import type { ReactNode } from 'react';
import { Alert, Form, Modal, Spin, type ColProps, type ModalProps } from 'antd';
import { useRecordForm, type RecordFormOptions, type RecordSaveAnswer } from './use-record-form';

export type { RecordFormSave, RecordSaveAnswer } from './use-record-form';

export type RecordFormModalProps<
  R,
  V extends object,
  A extends RecordSaveAnswer = RecordSaveAnswer,
> = RecordFormOptions<R, V, A> & {
  titles: { add: string; edit: string };
  /** Whether the record is edited (the title): defaults to a record being given; true while one is still loading. */
  editing?: boolean;
  formName: string;
  width?: number;
  /** 'vertical' puts labels above the fields (and drops the label/wrapper columns). */
  layout?: 'horizontal' | 'vertical';
  labelCol?: ColProps;
  wrapperCol?: ColProps;
  destroyOnHidden?: boolean;
  /** The record is loading: the fields wait under a spinner (given at all: the form sits in a Spin). */
  loading?: boolean;
  /** The record could not be loaded: the message above the fields, and no saving. */
  loadError?: string | null;
  /** Shown above the fields (what the record is, a warning). */
  header?: ReactNode;
  /** More of the modal: a scrolling body, a danger OK button, a footer with a button of its own before 取消/确定. */
  modalProps?: Pick<ModalProps, 'styles' | 'okButtonProps' | 'okText' | 'footer'>;
  onClose: () => void;
  /** The Form.Items. */
  children: ReactNode;
};

/**
 * The add/edit modal of a record: 新增 or 编辑 title by record, fields filled on opening, validation, saving
 * with the OK button's spinner, the server's message on success, then onSaved. A failed save keeps the modal
 * open (the request layer shows the server's message). The state is `useRecordForm`, which full-page forms use too.
 */
export function RecordFormModal<R, V extends object, A extends RecordSaveAnswer = RecordSaveAnswer>(
  props: RecordFormModalProps<R, V, A>,
) {
  const {
    open,
    record,
    titles,
    editing = record !== null,
    formName,
    width = 600,
    layout = 'horizontal',
    labelCol = { span: 5 },
    wrapperCol = { span: 17 },
    destroyOnHidden,
    loading,
    loadError = null,
    header,
    modalProps,
    onClose,
    children,
  } = props;
  const { form, saving, submit } = useRecordForm<R, V, A>(props);
  const columns = layout === 'vertical' ? {} : { labelCol, wrapperCol };
  const fields = (
    <Form form={form} name={formName} layout={layout} {...columns}>
      {children}
    </Form>
  );

  return (
    <Modal
      {...modalProps}
      open={open}
      title={editing ? titles.edit : titles.add}
      width={width}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={loadError ? { ...modalProps?.okButtonProps, disabled: true } : modalProps?.okButtonProps}
      confirmLoading={saving}
      destroyOnHidden={destroyOnHidden}
      forceRender
    >
      {loadError && <Alert type="error" showIcon title={loadError} style={{ marginBottom: 12 }} />}
      {header}
      {loading === undefined ? fields : <Spin spinning={loading}>{fields}</Spin>}
    </Modal>
  );
}
