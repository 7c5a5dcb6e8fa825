import { describe, expect, it } from 'vitest';
import { assetTemplateFields, inspectionTemplateFields, MODULE_TEMPLATE_FIELDS, workorderTemplateFields } from '../src/communications';
import { NOTIFICATION_MODULES, ZNotification } from '../src/settings/master-data';

/** A module's events carry exactly the fields its templates may name (docs/communications.md). */
const names = (module: keyof typeof MODULE_TEMPLATE_FIELDS) => MODULE_TEMPLATE_FIELDS[module].map((f) => f.name);

describe('template fields of the notification modules', () => {
  it('every module the Settings select offers has a field list', () => {
    for (const module of NOTIFICATION_MODULES) expect(names(module).length).toBeGreaterThan(0);
  });

  it('inspections, work orders and assets: the helpers give exactly the listed fields, as display values', () => {
    const inspection = inspectionTemplateFields({ masterName: 'Door check', subjectName: 'Hangar 12', module: 'Property', inspectorName: 'Ida', inspectorEmail: 'ida@example.test', status: 'Created' });
    expect(Object.keys(inspection)).toEqual(names('Inspections'));
    expect(inspectionTemplateFields({ masterName: 'Storm check', subjectName: '', module: null, inspectorName: '', inspectorEmail: '', status: 'Created' }).subjectType).toBe('');
    const workorder = workorderTemplateFields({ refNumber: 'WO-1', masterName: 'Repairs', contractorName: 'Crew', contractorEmail: 'crew@example.test', status: 'In Progress', failedChecks: ['Door works', 'Light'] });
    expect(Object.keys(workorder)).toEqual(names('Workorders'));
    expect(workorder.failedChecks).toBe('Door works, Light');
    const asset = assetTemplateFields({ assetNumber: 7, masterName: 'Runway Lights', status: false, lat: 39.2, lon: -119.7 });
    expect(Object.keys(asset)).toEqual(names('Assets'));
    expect(asset).toMatchObject({ assetNumber: 7, assetType: 'Runway Lights', status: 'Inactive' });
  });

  it('a rule on Workorders may name its fields, not another module’s', () => {
    const rule = { name: 'Done', module: 'Workorders', trigger: 'Updated', notify: 'Internal' };
    expect(ZNotification.safeParse({ ...rule, template: '<p>{{refNumber}} is {{status}}</p>' }).success).toBe(true);
    expect(ZNotification.safeParse({ ...rule, template: '<p>{{assetNumber}}</p>' }).success).toBe(false);
  });
});
