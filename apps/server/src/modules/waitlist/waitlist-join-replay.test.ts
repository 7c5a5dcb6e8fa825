import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, createTestApp, signIn, type TestApp } from '../../../test/helpers';
import { TestPaymentProvider } from '../../platform/payments/index';
import { setSystemSetting } from '../settings/settings.test-support';
import { waitlistLength } from './index';

/**
 * A double-clicked paid join (PRODUCT-RULES 29): the same Idempotency-Key sent several times at
 * once. Whoever wins the race, every request gets the first answer; one applicant, one charge.
 * On PostgreSQL (DATABASE_URL) the requests really run in parallel connections.
 */
let t: TestApp;
let hangar: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await signIn(t, { modules: ['Waitlist', 'Property', 'Settings'], isAdmin: true });
  hangar = (await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: 'Replay Hangar' } })).json()._id;
  await t.db.transaction((tx) => setSystemSetting(tx, { user: null }, 'WAITLIST_CHARGE', '40'));
});
afterAll(async () => t?.close());

describe('paid join, double-clicked', () => {
  it('5 requests with one key at once, repeated: all get the same 201 answer, one applicant, one charge', async () => {
    const provider = t.app.paymentProvider as TestPaymentProvider;
    const post = await anonymous(t);
    for (let round = 0; round < 4; round++) {
      const key = `double-click-join-${round}-${Date.now()}`;
      const body = {
        propertyType: hangar, aircrafttype: 'Cessna 172', firstName: `Pat${round}`, lastName: 'Double', phone: '7755550123',
        email: `double${round}@example.test`, organization: 'Clicks Inc', sourceId: 'test:4242424242424242',
      };
      const before = await waitlistLength(t.db);
      // Each click from its own address: the public form's rate limit is not what is tested here.
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => post({ method: 'POST', url: '/api/WaitList/Join', payload: body, headers: { 'idempotency-key': key }, remoteAddress: `10.20.${round}.${i + 1}` })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const bodies = answers.map((a) => a.json());
      for (const answer of bodies) expect(answer).toEqual(bodies[0]);
      expect(bodies[0]).toMatchObject({ message: 'Added to WaitList', status: 'Paid', amount: 40 });
      expect(await waitlistLength(t.db)).toBe(before + 1);
      expect(provider.charges.filter((c) => c.idempotencyKey === key)).toHaveLength(1);
    }
  });
});
