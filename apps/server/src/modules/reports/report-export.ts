import { PassThrough, Readable } from 'node:stream';
import { escapeSpreadsheetCell, formatDate, formatMoney, toCents } from '@apron/core';

/**
 * Exports of a report (issue 14 item 5): CSV, Excel (exceljs, real number and date cells) and a
 * PDF made on the server. Each writes to a stream the route sends as it is produced, so a large
 * report never sits whole in memory as a file: CSV line by line, Excel through exceljs' streaming
 * WorkbookWriter (rows committed as they are added), the PDF through pdfkit's stream.
 */
export type ExportCell = 'text' | 'money' | 'int' | 'date';
export interface ExportColumn<R> {
  header: string;
  cell: ExportCell;
  value: (row: R) => string | number | null;
  width?: number;
}
export interface ExportTable<R> {
  title: string;
  subtitle: string;
  columns: ExportColumn<R>[];
  rows: Iterable<R> | AsyncIterable<R>;
  /** A last row of totals (same columns; text cells usually 'Total'). */
  totals?: R;
}
export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** Quotes a field that needs it (the text is already what the cell should say). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A cell as CSV text. Text cells go through `escapeSpreadsheetCell` (a company named
 * `=HYPERLINK(...)` is written `'=HYPERLINK(...)`, docs/reports.md); money, counts and dates are
 * numbers the server formats, never escaped (a negative amount stays a number).
 */
function csvValue(cell: ExportCell, value: string | number | null): string {
  if (value === null || value === undefined) return '';
  if (cell === 'money') return Number(value).toFixed(2);
  if (cell === 'date') return formatDate(String(value));
  if (cell === 'int') return String(value);
  return String(escapeSpreadsheetCell(String(value)));
}

async function* rowsWithTotals<R>(table: ExportTable<R>): AsyncGenerator<R> {
  for await (const row of table.rows) yield row;
  if (table.totals) yield table.totals;
}

export function csvStream<R>(table: ExportTable<R>): Readable {
  async function* lines() {
    yield '\uFEFF' + table.columns.map((c) => csvField(c.header)).join(',') + '\r\n';
    for await (const row of rowsWithTotals(table)) yield table.columns.map((c) => csvField(csvValue(c.cell, c.value(row)))).join(',') + '\r\n';
  }
  return Readable.from(lines());
}

/** A calendar date as the spreadsheet's date (midnight UTC, shown MM/DD/YYYY). */
function excelDate(value: string): Date {
  return new Date(`${value.slice(0, 10)}T00:00:00Z`);
}

export function xlsxStream<R>(table: ExportTable<R>): Readable {
  const out = new PassThrough();
  void (async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(table.title.slice(0, 31).replace(/[[\]*?/\\:]/g, ' '));
    sheet.columns = table.columns.map((c, i) => ({
      key: String(i),
      header: c.header,
      width: c.width ?? (c.cell === 'text' ? 28 : 14),
      style: c.cell === 'money' ? { numFmt: '$#,##0.00' } : c.cell === 'date' ? { numFmt: 'mm/dd/yyyy' } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const row of rowsWithTotals(table)) {
      const values = table.columns.map((c) => {
        const v = c.value(row);
        if (v === null || v === undefined || v === '') return null;
        if (c.cell === 'money') return toCents(Number(v)) / 100;
        if (c.cell === 'int') return Number(v);
        if (c.cell === 'date') return excelDate(String(v));
        // A string cell is not run by Excel, but a copy saved as CSV would be: escaped like the CSV.
        return escapeSpreadsheetCell(String(v));
      });
      sheet.addRow(values).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

export function pdfStream<R>(table: ExportTable<R>): Readable {
  const out = new PassThrough();
  void (async () => {
    const { default: PDFDocument } = await import('pdfkit');
    const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: 40, info: { Title: table.title } });
    doc.pipe(out);
    doc.fontSize(16).text(table.title);
    doc.fontSize(10).fillColor('#555').text(table.subtitle).fillColor('#000').moveDown();
    const left = doc.page.margins.left;
    const usable = doc.page.width - left - doc.page.margins.right;
    const weights = table.columns.map((c) => (c.cell === 'text' ? 2.2 : 1));
    const unit = usable / weights.reduce((a, b) => a + b, 0);
    const widths = weights.map((w) => w * unit);
    const drawRow = (cells: string[], bold: boolean) => {
      if (doc.y > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      let x = left;
      cells.forEach((text, i) => {
        const numeric = table.columns[i]!.cell === 'money' || table.columns[i]!.cell === 'int';
        doc.text(text, x + 2, y, { width: widths[i]! - 4, align: numeric ? 'right' : 'left', lineBreak: false, ellipsis: true });
        x += widths[i]!;
      });
      doc.y = y + 14;
    };
    const show = (c: ExportColumn<R>, row: R) => {
      const v = c.value(row);
      if (v === null || v === undefined || v === '') return '';
      if (c.cell === 'money') return formatMoney(toCents(Number(v)));
      if (c.cell === 'date') return formatDate(String(v));
      return String(v);
    };
    drawRow(table.columns.map((c) => c.header), true);
    for await (const row of table.rows) drawRow(table.columns.map((c) => show(c, row)), false);
    if (table.totals) drawRow(table.columns.map((c) => show(c, table.totals as R)), true);
    doc.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

export function exportStream<R>(format: ExportFormat, table: ExportTable<R>): Readable {
  return format === 'csv' ? csvStream(table) : format === 'xlsx' ? xlsxStream(table) : pdfStream(table);
}
