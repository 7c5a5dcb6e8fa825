import { formatDate, formatMoney } from '@apron/core';
import type { Letterhead } from '../../platform/tenancy/index';
import type { InvoiceWithTenant } from './invoices.repo';
import type { LineItemRow } from './invoices.table';

/** `load()` on the first call; its promise on every later one. */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

// Every `import()` goes through the module loader's resolve again (a round trip to tsx's loader
// thread in `npm start`), and the receipt job renders a PDF per payment.
const importPdfkit = loadOnce(() => import('pdfkit'));

/**
 * Render a PDF with pdfkit into a Buffer (text only: no HTML, no fonts from outside). pdfkit is
 * loaded on the first PDF rather than at start-up (it is not small).
 */
export async function renderPdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { default: PDFDocument } = await importPdfkit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: 'Apron' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

export interface PdfRow {
  name: string;
  description: string;
  chargesCents: number;
  amount: number;
}

/** A table of lines: Charge Name, Desc., Amount, Quantity, Total. */
export function drawLines(doc: PDFKit.PDFDocument, lines: readonly (PdfRow & { paidBy?: string | null })[]): void {
  const columns = [50, 190, 350, 420, 480];
  const header = ['Charge Name', 'Desc.', 'Amount', 'Quantity', 'Total'];
  doc.font('Helvetica-Bold').fontSize(10);
  let y = doc.y + 10;
  header.forEach((text, i) => doc.text(text, columns[i]!, y, { width: (columns[i + 1] ?? 560) - columns[i]! - 5 }));
  doc.font('Helvetica');
  y += 18;
  for (const line of lines) {
    if (y > 700) {
      doc.addPage();
      y = 50;
    }
    const cells = [line.name, line.description, formatMoney(line.chargesCents), String(line.amount), formatMoney(line.chargesCents * line.amount)];
    cells.forEach((text, i) => doc.text(text, columns[i]!, y, { width: (columns[i + 1] ?? 560) - columns[i]! - 5, height: 28, ellipsis: true }));
    if (line.paidBy) doc.fontSize(8).fillColor('#555').text(`Paid: ${line.paidBy}`, columns[0]!, y + 12).fontSize(10).fillColor('#000');
    y += 30;
  }
  doc.x = 50;
  doc.y = y + 10;
}

/** The logo's box at the top left of a document: at most this wide and high, its proportions kept. */
const LOGO_BOX = { width: 220, height: 56 } as const;

/** A PNG's size from its header (stored logos are PNGs); null for anything else. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || bytes.readUInt32BE(12) !== 0x49484452) return null; // 'IHDR'
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * The head of an invoice or a receipt: the airport's logo above its name when it has one, else
 * the name alone (the look before logos). A logo pdfkit cannot read leaves the name alone too.
 */
export function drawLetterhead(doc: PDFKit.PDFDocument, letterhead: Letterhead): void {
  if (letterhead.logo) {
    try {
      const size = pngSize(letterhead.logo) ?? LOGO_BOX;
      const scale = Math.min(LOGO_BOX.width / size.width, LOGO_BOX.height / size.height, 1);
      const top = doc.y;
      doc.image(letterhead.logo, doc.page.margins.left, top, { width: size.width * scale, height: size.height * scale });
      doc.x = doc.page.margins.left;
      doc.y = top + size.height * scale + 8;
    } catch {
      // Not an image pdfkit embeds (storage holds PNGs only, but a document must never fail for its logo).
    }
  }
  doc.fontSize(18).text(letterhead.name);
}

export function renderInvoicePdf(invoice: InvoiceWithTenant, lines: LineItemRow[], letterhead: Letterhead): Promise<Buffer> {
  return renderPdf((doc) => {
    drawLetterhead(doc, letterhead);
    doc.fontSize(14).text(`Invoice #${invoice.invoiceNumber}`).moveDown(0.5);
    doc.fontSize(10);
    doc.text(`Tenant: ${invoice.tenantName}`);
    doc.text(`Invoice: ${invoice.name}`);
    doc.text(`Description: ${invoice.description}`);
    doc.text(`Invoice Date: ${formatDate(invoice.invoiceDate)}   Due Date: ${formatDate(invoice.dueDate)}   Payment Date: ${formatDate(invoice.paymentDate)}`);
    doc.text(`Status: ${invoice.status}`);
    drawLines(doc, lines);
    doc.font('Helvetica-Bold');
    doc.text(`Amount Total: ${formatMoney(invoice.totalCents)}`, 50);
    doc.text(`Amount Paid: ${formatMoney(invoice.paidCents)}`, 50);
    doc.text(`Amount Due: ${formatMoney(invoice.totalCents - invoice.paidCents)}`, 50);
  });
}
