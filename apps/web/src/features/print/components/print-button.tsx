import { Suspense, lazy, useState } from 'react';
import { Button } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { PERM, type PrintSourceKey } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';

// The drawer (and pdfme behind it) is fetched at the first click, never with the list page.
const PrintDrawer = lazy(() => import('./print-drawer'));

export interface PrintButtonProps {
  source: PrintSourceKey;
  /** The records to print (the list's selection). */
  ids: string[];
  fileName: string;
}

/** 打印 on a list page: shown to holders of print:print; the server also checks the read right per record. */
export function PrintButton({ source, ids, fileName }: PrintButtonProps) {
  const allowed = useHasPermission();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (!allowed(PERM.printPrint)) return null;
  return (
    <>
      <Button
        icon={<PrinterOutlined />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        打印
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <PrintDrawer open={open} source={source} ids={ids} fileName={fileName} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
