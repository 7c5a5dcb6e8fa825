import { formatDate, formatDateTime } from '@apron/core';
import type { Letterhead } from '../../platform/tenancy/index';
import { drawLetterhead, renderPdf } from '../invoices/index';
import type { InspectionSummary } from './linked-modules';
import type { WorkorderWithMaster } from './workorders.repo';

interface FormField {
  key: string;
  label: string;
  type: string;
}

/** The answerable fields of a form-js schema, in order (groups and dynamic lists are walked). */
export function formFields(schema: Record<string, unknown> | null): FormField[] {
  const fields: FormField[] = [];
  const walk = (components: unknown) => {
    if (!Array.isArray(components)) return;
    for (const component of components as Array<Record<string, unknown>>) {
      if (typeof component?.key === 'string' && component.type !== 'button') {
        fields.push({ key: component.key, label: typeof component.label === 'string' && component.label ? component.label : component.key, type: String(component.type ?? '') });
      }
      walk(component?.components);
    }
  };
  walk(schema?.components);
  return fields;
}

/** An answer as plain text (prints never render HTML: PRODUCT-RULES 17). */
export function answerText(value: unknown, type: string): string {
  if (value === undefined || value === null || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((item) => answerText(item, '')).join(', ') || '-';
  if (typeof value === 'object') return JSON.stringify(value);
  if (type === 'datetime' && typeof value === 'string') return formatDate(value) || value;
  return String(value);
}

export interface WorkorderPrint {
  /** The airport's name, and its logo when it has one (docs/airports.md, "Logo"). */
  letterhead: Letterhead;
  timeZone: string;
  workorder: WorkorderWithMaster;
  inspection: InspectionSummary | null;
  schema: Record<string, unknown> | null;
}

/**
 * The printed work order (`GET Workorder/print/{id}`): reference, contractor, the linked
 * inspection, then each field of the form with its answer. Drawn with the invoices' pdfkit
 * renderer (text only), after every read is done: no transaction is open while it renders.
 */
export function renderWorkorderPdf({ letterhead, timeZone, workorder, inspection, schema }: WorkorderPrint): Promise<Buffer> {
  return renderPdf((doc) => {
    drawLetterhead(doc, letterhead);
    doc.fontSize(14).text(`Workorder ${workorder.refNumber}`).moveDown(0.5);
    doc.fontSize(10);
    doc.text(`Master Workorder: ${workorder.masterName}`);
    doc.text(`Workorder Status: ${workorder.status}`);
    doc.text(`Created On: ${formatDateTime(workorder.createdAt, timeZone)}`);
    if (workorder.completedAt) doc.text(`Completed On: ${formatDateTime(workorder.completedAt, timeZone)}`);
    doc.moveDown(0.5).font('Helvetica-Bold').text('Contractor').font('Helvetica');
    doc.text(`Contractor Name: ${workorder.contractorName || 'Not assigned yet'}`);
    doc.text(`Contractor Email: ${workorder.contractorEmail || '-'}`);
    doc.moveDown(0.5).font('Helvetica-Bold').text('Workorder For').font('Helvetica');
    if (workorder.inspectionId) {
      doc.text(`Inspection: ${inspection?.name ?? workorder.inspectionId}`);
      if (inspection) doc.text(`Inspection Status: ${inspection.status}   Created On: ${formatDateTime(inspection.createdAt, timeZone)}`);
    } else {
      doc.text('No inspection (adhoc)');
    }
    if (workorder.failedChecks.length > 0) doc.text(`Failed checks: ${workorder.failedChecks.join(', ')}`);
    doc.moveDown(0.5).font('Helvetica-Bold').text('Form').font('Helvetica');
    const fields = formFields(schema);
    const data = workorder.data ?? {};
    if (fields.length === 0) {
      const entries = Object.entries(data);
      if (entries.length === 0) doc.text('No answers yet.');
      for (const [key, value] of entries) doc.text(`${key}: ${answerText(value, '')}`);
    }
    for (const field of fields) {
      if (doc.y > 700) doc.addPage();
      doc.font('Helvetica-Bold').text(field.label, { continued: true }).font('Helvetica').text(`  ${answerText(data[field.key], field.type)}`);
    }
  });
}
