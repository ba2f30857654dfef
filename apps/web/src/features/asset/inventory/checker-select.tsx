import { useState } from 'react';
import { UserSelectModal } from '@/components/pickers/user-select-modal';
import { PickerInput } from '@/components/pickers/picker-input';

/** Checkers as the campaign stores them: user ids, with their names to show. */
export interface CheckerValue {
  ids: string[];
  names: string[];
}

export interface CheckerSelectProps {
  value?: CheckerValue | null;
  onChange?: (value: CheckerValue | undefined) => void;
  id?: string;
}

/** The checkers' names in an input; the button opens the user picker (by department). Stores user ids. */
export function CheckerSelect({ value, onChange, id }: CheckerSelectProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickerInput
        id={id}
        text={(value?.names ?? []).join(',')}
        placeholder="请点击选择盘点人"
        onOpen={() => setOpen(true)}
        onClear={() => onChange?.(undefined)}
      />
      <UserSelectModal
        open={open}
        multiple
        title="选择盘点人"
        onCancel={() => setOpen(false)}
        onOk={(pick) => {
          setOpen(false);
          const users = pick.users;
          onChange?.(
            users.length
              ? { ids: users.map((u) => u.id), names: users.map((u) => u.realname || u.username) }
              : undefined,
          );
        }}
      />
    </>
  );
}
