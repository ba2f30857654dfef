import { Tag } from 'antd';
import { TICKET_DICT } from '@district/shared';
import { useDictOptions } from '@/components/dict/use-dict-options';
import { statusItem } from '../api/ticket-api';

/** The ticket's status as a tag in its dictionary colour (the shared colours when the dictionary has none). */
export function TicketStatusTag({ status, text }: { status: string | null | undefined; text?: string | null }) {
  const { options } = useDictOptions(TICKET_DICT.status);
  if (!status) return null;
  const dict = options.find((o) => o.value === status);
  const shared = statusItem(status);
  return <Tag color={dict?.color ?? shared?.color}>{text || dict?.text || shared?.text || status}</Tag>;
}
