import { useState, type CSSProperties } from 'react';
import { splitValue } from '@/components/dict/dict-api';
import { PickerInput } from './picker-input';
import { USER_NAME_DICT } from './picker-api';
import { usePickedNames } from './use-picked-names';
import { UserSelectModal } from './user-select-modal';

export interface UserSelectProps {
  /** Usernames joined with commas. */
  value?: string | null;
  /** Emits the picked usernames joined with commas; undefined once cleared. */
  onChange?: (value: string | undefined, realnames: string[]) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  modalWidth?: number;
  id?: string;
  style?: CSSProperties;
  className?: string;
}

/** An input showing the picked users' names; the button opens the user picker. */
export function UserSelect({
  value,
  onChange,
  multiple = true,
  placeholder = '请点击选择用户',
  disabled,
  modalWidth,
  id,
  style,
  className,
}: UserSelectProps) {
  const [open, setOpen] = useState(false);
  const usernames = splitValue(value);
  const { names, remember } = usePickedNames(USER_NAME_DICT, usernames);
  return (
    <>
      <PickerInput
        id={id}
        style={style}
        className={className}
        text={names.join(',')}
        placeholder={placeholder}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onClear={() => onChange?.(undefined, [])}
      />
      <UserSelectModal
        open={open}
        multiple={multiple}
        value={usernames}
        width={modalWidth}
        onCancel={() => setOpen(false)}
        onOk={(pick) => {
          remember(pick.usernames.map((u, i) => [u, pick.realnames[i] ?? u]));
          setOpen(false);
          onChange?.(pick.usernames.length ? pick.usernames.join(',') : undefined, pick.realnames);
        }}
      />
    </>
  );
}
