import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { formatDateTime, type InventoryReport } from '@district/shared';
import { resultText } from './inventory-status';
import './inventory-report-print.css';

export const REPORT_TEXT = {
  title: (name: string) => `${name} 盘点报告`,
  deadline: '截止日期',
  checkers: '盘点人',
  openTime: '开始时间',
  closeTime: '结束时间',
  status: '状态',
  summary: '盘点情况',
  total: '清单总数',
  checked: '已盘',
  unchecked: '未盘',
  surplus: '盘盈',
  byResult: '按结果',
  byDepart: '按部门',
  depart: '部门',
  differences: '差异及处理',
  noDifferences: '无差异',
  code: '资产编号',
  name: '资产名称',
  difference: '差异',
  action: '处理方式',
  reason: '处理原因',
  settleBy: '处理人',
  settleTime: '处理时间',
  pending: '未处理',
  printedAt: '打印时间',
} as const;

const T = REPORT_TEXT;

/**
 * The campaign's report as a printable sheet, put under <body> while printing (the stylesheet shows only it on
 * paper); prints once mounted and calls onDone after the print dialog closes.
 */
export function InventoryReportPrint({ report, onDone }: { report: InventoryReport; onDone: () => void }) {
  useEffect(() => {
    const done = () => onDone();
    window.addEventListener('afterprint', done);
    // Let the sheet lay out before the print dialog takes a snapshot of it.
    const timer = window.setTimeout(() => {
      window.print();
    }, 0);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [onDone]);

  const { campaign: c, progress: p, differences } = report;
  return createPortal(
    <div className="inventory-print-report" data-testid="inventory-report">
      <h1>{T.title(c.name)}</h1>
      <table className="inventory-print-meta">
        <tbody>
          <tr>
            <th>{T.status}</th>
            <td>{c.status_dictText}</td>
            <th>{T.deadline}</th>
            <td>{c.deadline}</td>
          </tr>
          <tr>
            <th>{T.openTime}</th>
            <td>{c.openTime ?? ''}</td>
            <th>{T.closeTime}</th>
            <td>{c.closeTime ?? ''}</td>
          </tr>
          <tr>
            <th>{T.checkers}</th>
            <td colSpan={3}>{c.checkerNames.filter(Boolean).join('、')}</td>
          </tr>
        </tbody>
      </table>
      <h2>{T.summary}</h2>
      <p>
        {T.total} {p.total}，{T.checked} {p.checked}，{T.unchecked} {p.unchecked}，{T.surplus} {p.surplus}。{T.byResult}
        ：{p.byResult.map((r) => `${r.text} ${r.count}`).join('，')}。
      </p>
      <table>
        <thead>
          <tr>
            <th>{T.depart}</th>
            <th>{T.total}</th>
            <th>{T.checked}</th>
            <th>{T.unchecked}</th>
          </tr>
        </thead>
        <tbody>
          {p.byDepart.map((r) => (
            <tr key={r.key}>
              <td>{r.name}</td>
              <td>{r.total}</td>
              <td>{r.checked}</td>
              <td>{r.unchecked}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{T.differences}</h2>
      {differences.length === 0 ? (
        <p>{T.noDifferences}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{T.code}</th>
              <th>{T.name}</th>
              <th>{T.difference}</th>
              <th>{T.action}</th>
              <th>{T.reason}</th>
              <th>{T.settleBy}</th>
              <th>{T.settleTime}</th>
            </tr>
          </thead>
          <tbody>
            {differences.map((d) => (
              <tr key={d.id}>
                <td>{d.assetCode ?? ''}</td>
                <td>{d.assetName}</td>
                <td>{resultText(d.difference)}</td>
                <td>{d.settleAction_dictText ?? T.pending}</td>
                <td>{d.settleReason ?? ''}</td>
                <td>{d.settleByName ?? ''}</td>
                <td>{d.settleTime ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p style={{ textAlign: 'right', marginTop: 16 }}>
        {T.printedAt}：{formatDateTime(new Date())}
      </p>
    </div>,
    document.body,
  );
}
