// The print feature's public entry: the 打印 button the business lists (asset, project, ticket) place in their
// toolbars; it loads the drawer, the PDF generation and the viewer on demand.
export { PrintButton, type PrintButtonProps } from './components/print-button';
