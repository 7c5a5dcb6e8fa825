import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { eventually, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { setSystemSetting } from '../settings/settings.test-support';

let t: TestApp;
let sink: SmtpSink;
let hangar: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  const admin = await signIn(t, { modules: ['Property', 'Settings'], isAdmin: true });
  const type = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: 'T-Hangar' } });
  hangar = type.json()._id as string;
  await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'WAITLIST_CHARGE', '0'));
  await t.app.jobs.start();
});
afterAll(async () => {
  await t?.app.jobs.stop();
  await t?.close();
  await sink?.close();
});

describe('the wait-list confirmation', () => {
  it('goes out as the join answers, not with the next every-minute delivery: the visitor has the private link in seconds', async () => {
    const post = await anonymous(t);
    const res = await post({
      method: 'POST',
      url: '/api/WaitList/Join',
      payload: { propertyType: hangar, firstName: 'Robin', lastName: 'Rotor', phone: '7755550142', email: 'robin@example.test', organization: 'Rotor Club' },
      remoteAddress: '10.0.0.9',
    });
    expect(res.statusCode).toBe(201);
    const mail = await eventually(() => sink.messages.find((m) => m.to.includes('robin@example.test')), 10_000);
    expect(mail.data).toContain('Subject: Added to WaitList: T-Hangar');
    // Quoted-printable folds long lines with a trailing '='.
    expect(mail.data.replace(/=\r?\n/g, '')).toMatch(/\/waitList\/status\/[A-Za-z0-9_-]{32,}/);
  });
});
