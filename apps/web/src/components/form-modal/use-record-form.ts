import { useEffect, useRef, useState } from 'react';
import { App, Form, type FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { errorMessage } from '@/lib/errors';
import { postAction, putAction } from '@/lib/request';

/** What a save answers: the server's message, and a warning when it saved with one (e.g. over budget). */
export interface RecordSaveAnswer {
  message?: string;
  warning?: string | null;
}

/** Where a form is saved: the add/edit URLs (postAction/putAction of the payload), or the feature's own save. */
export type RecordFormSave<R, V, A extends RecordSaveAnswer = RecordSaveAnswer> =
  | { urls: { add: string; edit: string }; toPayload: (values: V, record: R | null) => object }
  | { save: (values: V, record: R | null) => Promise<A> };

export type RecordFormOptions<R, V extends object, A extends RecordSaveAnswer = RecordSaveAnswer> = RecordFormSave<
  R,
  V,
  A
> & {
  /** While true the form is filled: when it turns true and whenever `record` changes (a fresher copy arrived). */
  open: boolean;
  /** The record edited, or null to add one. */
  record: R | null;
  /** The field values when the form opens (a blank form when absent). */
  initialValues?: (record: R | null) => Partial<V> | undefined;
  /** The form instance, when the caller watches or sets fields itself. */
  form?: FormInstance<V>;
  onSaved: (answer: A) => void;
  /** The field a refusal is about: the server's message is then also shown under that field. */
  fieldOfError?: (message: string) => NamePath | undefined;
};

const SAVED = '保存成功！';

/**
 * One record form's state, for a modal (`RecordFormModal`) or a full page: fills the fields when it opens, validates,
 * saves with a spinner, shows the server's message (a warning as a warning) and calls onSaved; a refused save keeps
 * the form (the request layer shows the message, `fieldOfError` puts it under its field too).
 */
export function useRecordForm<R, V extends object, A extends RecordSaveAnswer = RecordSaveAnswer>(
  options: RecordFormOptions<R, V, A>,
) {
  const { open, record, initialValues, onSaved, fieldOfError } = options;
  const { message } = App.useApp();
  const [ownForm] = Form.useForm<V>();
  const form = options.form ?? ownForm;
  const [saving, setSaving] = useState(false);

  // Whether the form was open at the last fill: opening resets it, a fresher record only sets its values (a reset
  // would also remount the inputs under the user's cursor).
  const wasOpen = useRef(false);
  useEffect(() => {
    const opening = open && !wasOpen.current;
    wasOpen.current = open;
    if (!open) return;
    if (opening) form.resetFields();
    const values = initialValues?.(record);
    if (values) form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
    // initialValues is read when the form opens or gets another record, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record, form]);

  /** Validates and saves; true once saved. */
  const submit = async (): Promise<boolean> => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return false; // The form shows the messages.
    }
    setSaving(true);
    try {
      let answer: A;
      if ('save' in options) {
        answer = await options.save(values, record);
      } else {
        const payload = options.toPayload(values, record);
        const res = record ? await putAction(options.urls.edit, payload) : await postAction(options.urls.add, payload);
        answer = res as unknown as A;
      }
      if (answer.warning) void message.warning(answer.message || answer.warning);
      else void message.success(answer.message || SAVED);
      onSaved(answer);
      return true;
    } catch (error) {
      const text = errorMessage(error, '');
      const field = text ? fieldOfError?.(text) : undefined;
      if (field !== undefined) form.setFields([{ name: field, errors: [text] }]);
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { form, saving, submit };
}
