import { useState } from 'react';
import { PickerInput } from '@/components/pickers/picker-input';
import { UserSelectModal } from '@/components/pickers/user-select-modal';

export interface LeaderSelectProps {
  /** The leader's user id. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The name of the current value, as the server answered it (leaderId_dictText / leaderName). */
  name?: string | null;
  disabled?: boolean;
  id?: string;
}

/**
 * The project leader: the user picker (components/pickers) for one user, kept as the user's id (a project
 * refers to its leader by id, while the generic picker speaks usernames).
 */
export function LeaderSelect({ value, onChange, name, disabled, id }: LeaderSelectProps) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const text = !value ? '' : picked?.id === value ? picked.name : (name ?? value);
  return (
    <>
      <PickerInput
        id={id}
        text={text}
        placeholder="请选择项目负责人"
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onClear={() => {
          setPicked(null);
          onChange?.(null);
        }}
      />
      <UserSelectModal
        open={open}
        multiple={false}
        title="选择项目负责人"
        onCancel={() => setOpen(false)}
        onOk={(pick) => {
          setOpen(false);
          const user = pick.users[0];
          setPicked(user ? { id: user.id, name: user.realname } : null);
          onChange?.(user ? user.id : null);
        }}
      />
    </>
  );
}
