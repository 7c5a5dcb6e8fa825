import { describe, expect, it } from 'vitest';
import { renderTemplate, templateFieldNames, templateProblems } from '../src/templates';
import { templateFieldsOf } from '../src/communications';
import { ZNotice, ZNotification } from '../src/settings/master-data';

describe('logic-less templates', () => {
  it('replaces each field with its value, escaped, and leaves a missing one empty', () => {
    const html = renderTemplate('<p>Invoice {{ invoiceNumber }} for {{companyName}}{{nothing}}</p>', {
      invoiceNumber: 1042,
      companyName: '<img src=x onerror=alert(1)> & "Co"',
    });
    expect(html).toBe('<p>Invoice 1042 for &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;</p>');
  });

  it('names the fields a template uses, once each', () => {
    expect(templateFieldNames('{{a}} {{ b }} {{a}}')).toEqual(['a', 'b']);
  });

  it('refuses unknown fields and anything that is not a plain field tag', () => {
    expect(templateProblems('{{name}} {{secret}}', ['name'])).toEqual(['Unknown field: secret']);
    expect(templateProblems('{{{name}}}', ['name'])).toHaveLength(1);
    expect(templateProblems('{{#name}}x{{/name}}', ['name'])).toHaveLength(1);
    expect(templateProblems('{{constructor.constructor}}', ['name'])).toHaveLength(1);
    expect(templateProblems('Hello {{name}}', ['name'])).toEqual([]);
  });

  it('does not reach into object prototypes', () => {
    expect(renderTemplate('{{constructor}}{{toString}}', {})).toBe('');
  });
});

describe('saving a notification or notice template', () => {
  it('refuses a field the module does not offer, naming the template field', () => {
    const result = ZNotification.safeParse({ name: 'New invoice', module: 'Invoices', trigger: 'Created', notify: 'Both', template: '<p>{{invoiceNumber}} {{password}}</p>' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['template'], message: 'Unknown field: password' });
    const notice = ZNotice.safeParse({ name: 'Welcome', key: 'waitlist.welcome', module: 'Waitlist', template: '<p>{{firstName}} {{invoiceNumber}}</p>' });
    expect(notice.success).toBe(false);
  });

  it('accepts the module’s own fields, listed by templateFieldsOf', () => {
    const fields = templateFieldsOf('Company').map((f) => `{{${f.name}}}`).join(' ');
    expect(ZNotification.safeParse({ name: 'Status', module: 'Company', trigger: 'Updated', notify: 'Internal', template: `<p>${fields}</p>` }).success).toBe(true);
  });
});
