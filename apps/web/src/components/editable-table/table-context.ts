import { createContext, useContext } from 'react';
import type { DictItem } from '@district/shared';
import { loadDictItems } from '@/lib/dict-cache';
import type { ColumnOption, EditableColumn, SlotProps, TableSize } from './editable-table-types';
import type { TableStore } from './table-store';

export interface TableContextValue {
  store: TableStore;
  size: TableSize;
  alwaysEdit: boolean;
  disabled: boolean;
  /** Options per column key (static options, or the column's dictionary once loaded). */
  options: Record<string, ColumnOption[]>;
  slots: Record<string, (props: SlotProps) => React.ReactNode>;
  /** A value typed or picked in a cell: stored and validated. */
  changeCell: (rowId: string, key: string, value: unknown) => void;
  /** A cell lost focus: validated after the blur delay. */
  blurCell: (rowId: string, key: string) => void;
  activateCell: (rowId: string, key: string) => void;
}

export const TableContext = createContext<TableContextValue | null>(null);

export function useTableContext(): TableContextValue {
  const value = useContext(TableContext);
  if (!value) throw new Error('EditableTable context missing');
  return value;
}

// One request per dictionary, however many cells or tables ask.
const dictRequests = new Map<string, Promise<ColumnOption[]>>();

function fromDict(items: DictItem[]): ColumnOption[] {
  return items.map((item) => ({
    value: item.value,
    text: item.text ?? item.title ?? item.label,
    disabled: item.disabled,
  }));
}

export function loadColumnOptions(code: string): Promise<ColumnOption[]> {
  let request = dictRequests.get(code);
  if (!request) {
    request = loadDictItems(code)
      .then(fromDict)
      .catch((error: unknown) => {
        // Dictionary load failures are logged only (widgets-spec §8); a later table may try again.
        console.error(error);
        dictRequests.delete(code);
        return [];
      });
    dictRequests.set(code, request);
  }
  return request;
}

/** Forgets loaded dictionaries (tests, cache refresh). */
export function resetColumnOptions(): void {
  dictRequests.clear();
}

export function staticOptions(columns: EditableColumn[]): Record<string, ColumnOption[]> {
  const out: Record<string, ColumnOption[]> = {};
  for (const c of columns) if (c.options) out[c.key] = c.options;
  return out;
}
