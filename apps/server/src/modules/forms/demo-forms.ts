import type { TFormSchema } from '@apron/core';
import type { DbOrTx } from '../../db/client';
import * as repo from './forms.repo';

/** The demo's two form templates (issue 12 item 13), with pass/fail checks marked. */
export const DEMO_FORM_TEMPLATES: Record<'runwayLights' | 'hangarDoor', { name: string; schema: TFormSchema }> = {
  runwayLights: {
    name: 'Runway light check',
    schema: {
      type: 'default',
      id: 'runway-light-check',
      schemaVersion: 18,
      components: [
        { type: 'text', id: 'intro', text: '# Runway light check\nWalk or drive the runway edge and record what you see.' },
        { type: 'select', id: 'runway', key: 'runway', label: 'Runway', validate: { required: true },
          values: [{ label: '16L/34R', value: '16L-34R' }, { label: '16R/34L', value: '16R-34L' }, { label: '7/25', value: '7-25' }] },
        { type: 'checkbox', id: 'edgeLights', key: 'edgeLightsWorking', label: 'All edge lights working', properties: { passFail: 'true' } },
        { type: 'radio', id: 'papi', key: 'papi', label: 'PAPI', validate: { required: true }, properties: { passFail: 'true', failValues: 'fail' },
          values: [{ label: 'Pass', value: 'pass' }, { label: 'Fail', value: 'fail' }] },
        { type: 'number', id: 'outCount', key: 'lightsOut', label: 'Lights out', validate: { min: 0, max: 500 } },
        { type: 'textarea', id: 'notes', key: 'notes', label: 'Notes' },
      ],
    },
  },
  hangarDoor: {
    name: 'Hangar door check',
    schema: {
      type: 'default',
      id: 'hangar-door-check',
      schemaVersion: 18,
      components: [
        { type: 'text', id: 'intro', text: '# Hangar door check' },
        { type: 'textfield', id: 'hangar', key: 'hangar', label: 'Hangar number', validate: { required: true, maxLength: 20 } },
        { type: 'checkbox', id: 'opensFully', key: 'opensFully', label: 'Door opens and closes fully', properties: { passFail: 'true' } },
        { type: 'checkbox', id: 'sealIntact', key: 'sealIntact', label: 'Seals intact', properties: { passFail: 'true' } },
        { type: 'datetime', id: 'checkedOn', key: 'checkedOn', label: 'Checked on', subtype: 'date', dateLabel: 'Checked on' },
        { type: 'textarea', id: 'remarks', key: 'remarks', label: 'Remarks' },
      ],
    },
  },
};

/** The id of the demo form of that name, created on first use (idempotent by name). */
export async function ensureDemoForm(db: DbOrTx, template: keyof typeof DEMO_FORM_TEMPLATES, createdBy: string | null = null): Promise<string> {
  const { name, schema } = DEMO_FORM_TEMPLATES[template];
  const existing = await repo.findFormByName(db, name);
  if (existing) return existing.id;
  const created = await repo.insertForm(db, { name, schema: schema as Record<string, unknown>, createdBy });
  return created.form.id;
}
