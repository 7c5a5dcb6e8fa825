import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { CHAT_EMAIL_QUIET_MINUTES, type TChatMessage, type TChatThread } from '@apron/core';
import { anonymous, createTestApp, signIn, type Caller, type TestApp } from '../../../test/helpers';
import { mailOutbox } from '../../platform/mail/mail.table';
import { setSystemSetting } from '../settings/settings.test-support';
import { countUnreadForApplicants as unreadCountsForApplicants } from './chat.repo';
import { chatDocuments, chatThreads } from './chat.table';
import { attachments, remarks } from '../attachments/attachments.table';
import { removeUnsentDocuments } from './chat.service';
import { createFileStorage } from '../../platform/files/index';

let t: TestApp;
let staff: Caller;
let admin: Caller;
let typeId: string;

interface Applicant {
  id: string;
  token: string;
  email: string;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** An applicant joined by staff; the private link's token is read from the confirmation e-mail, as the applicant would. */
async function joinApplicant(firstName: string, email: string): Promise<Applicant> {
  const res = await admin.request({ method: 'POST', url: '/api/WaitList/Join', payload: { propertyType: typeId, firstName, lastName: 'Tester', email, phone: '5550100', organization: 'Aero Club' } });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await t.db.select().from(mailOutbox).where(and(like(mailOutbox.text, '%/waitList/status/%'), eq(mailOutbox.to, [email])));
  const token = /\/waitList\/status\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  return { id: res.json()._id as string, token, email };
}

function multipart(name: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = 'chatboundary42';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let ada: Applicant;
let bob: Applicant;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { modules: 'all', isAdmin: true });
  staff = await signIn(t, { modules: ['Waitlist'], givenName: 'Wendy', familyName: 'Staff', email: 'wendy@airport.test' });
  await t.db.transaction((tx) => setSystemSetting(tx, { user: admin.user, requestId: 'test' }, 'WAITLIST_CHARGE', '0'));
  const type = await admin.request({ method: 'POST', url: '/api/PropertyTypes/add', payload: { name: 'T-Hangar chat', attributes: [] } });
  typeId = type.json()._id;
  ada = await joinApplicant('Ada', 'ada@example.test');
  bob = await joinApplicant('Bob', 'bob@example.test');
});
afterAll(async () => t?.close());

describe('GET /api/Messages/{id}', () => {
  it('401 with neither session nor token; 400 on a bad id or since; 403 for staff without the module; 404 for a stranger', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/Messages/${ada.id}` })).statusCode).toBe(401);
    expect((await staff.request({ method: 'GET', url: '/api/Messages/nope' })).statusCode).toBe(400);
    expect((await staff.request({ method: 'GET', url: `/api/Messages/${ada.id}?since=yesterday` })).json().errors).toEqual({ since: 'since must be an ISO date-time' });
    const propertyStaff = await signIn(t, { modules: ['Property'] });
    expect((await propertyStaff.request({ method: 'GET', url: `/api/Messages/${ada.id}` })).statusCode).toBe(403);
    const tenant = await signIn(t, { isInternal: false, companyId: crypto.randomUUID() });
    expect((await tenant.request({ method: 'GET', url: `/api/Messages/${ada.id}` })).statusCode).toBe(404);
    expect((await staff.request({ method: 'GET', url: `/api/Messages/${crypto.randomUUID()}` })).statusCode).toBe(404);
  });

  it('a public visitor cannot read another applicant’s chat: Bob’s token on Ada’s id is 404, a made-up token too', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/Messages/${ada.id}?token=${bob.token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/Messages/${ada.id}?token=${'x'.repeat(43)}` })).statusCode).toBe(404);
    const post = await anonymous(t);
    expect((await post({ method: 'POST', url: `/api/Messages/${ada.id}?token=${bob.token}`, payload: { content: 'hi' } })).statusCode).toBe(404);
    const ok = await t.app.inject({ method: 'GET', url: `/api/Messages/${ada.id}?token=${ada.token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ applicantId: ada.id, applicantName: 'Ada Tester', asStaff: false, messages: [] });
  });
});

describe('POST /api/Messages/{id}: the conversation', () => {
  it('400 for a blank message; staff and the applicant (by link, or signed in with that e-mail) talk; since returns only what is new', async () => {
    expect((await staff.request({ method: 'POST', url: `/api/Messages/${ada.id}`, payload: { content: '   ' } })).json().errors).toEqual({ content: 'Message is required' });
    const post = await anonymous(t);
    // Without the CSRF pair a visitor's write is refused.
    expect((await t.app.inject({ method: 'POST', url: `/api/Messages/${ada.id}?token=${ada.token}`, payload: { content: 'Hi' } })).statusCode).toBe(403);

    const first = await staff.request({ method: 'POST', url: `/api/Messages/${ada.id}`, payload: { listId: ada.id, content: ' Hello Ada, you are third. ' } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ email: 'wendy@airport.test', sender: 'Wendy Staff', content: 'Hello Ada, you are third.', isAdmin: true, documents: [] });
    const cursor = (first.json() as TChatMessage).createdAt;

    const reply = await post({ method: 'POST', url: `/api/Messages/${ada.id}?token=${ada.token}`, payload: { content: 'Thanks!' } });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ email: 'ada@example.test', sender: 'Ada Tester', isAdmin: false });

    const signedInAda = await signIn(t, { isInternal: false, companyId: crypto.randomUUID(), email: 'ADA@example.test' });
    const third = await signedInAda.request({ method: 'POST', url: `/api/Messages/${ada.id}`, payload: { content: 'Signed in now.' } });
    expect(third.statusCode).toBe(201);

    const all = (await staff.request({ method: 'GET', url: `/api/Messages/${ada.id}` })).json() as TChatThread;
    expect(all.asStaff).toBe(true);
    expect(all.messages.map((m) => m.content)).toEqual(['Hello Ada, you are third.', 'Thanks!', 'Signed in now.']);
    // since: the grace window may repeat the cursor's own message; clients merge by _id.
    const fresh = (await t.app.inject({ method: 'GET', url: `/api/Messages/${ada.id}?token=${ada.token}&since=${encodeURIComponent(cursor)}` })).json() as TChatThread;
    expect(fresh.messages.map((m) => m.content)).toContain('Signed in now.');
    const later = new Date(Date.parse(all.messages.at(-1)!.createdAt) + 60_000).toISOString();
    expect(((await staff.request({ method: 'GET', url: `/api/Messages/${ada.id}?since=${encodeURIComponent(later)}` })).json() as TChatThread).messages).toEqual([]);
    // Bob's conversation is his own.
    expect(((await t.app.inject({ method: 'GET', url: `/api/Messages/${bob.id}?token=${bob.token}` })).json() as TChatThread).messages).toEqual([]);
  });

  it('unread badge: the applicant’s messages count until staff read them (POST Read) or reply', async () => {
    expect(await unreadCountsForApplicants(t.db, [ada.id, bob.id])).toEqual(new Map([[ada.id, 2], [bob.id, 0]]));
    const visitor = await anonymous(t);
    expect((await visitor({ method: 'POST', url: `/api/Messages/${ada.id}/Read` })).statusCode).toBe(401);
    const read = await staff.request({ method: 'POST', url: `/api/Messages/${ada.id}/Read` });
    expect(read.json()).toEqual({ marked: 2 });
    expect((await unreadCountsForApplicants(t.db, [ada.id])).get(ada.id)).toBe(0);
    const post = await anonymous(t);
    await post({ method: 'POST', url: `/api/Messages/${ada.id}?token=${ada.token}`, payload: { content: 'One more thing' } });
    expect((await unreadCountsForApplicants(t.db, [ada.id])).get(ada.id)).toBe(1);
    await staff.request({ method: 'POST', url: `/api/Messages/${ada.id}`, payload: { content: 'Go ahead' } });
    expect((await unreadCountsForApplicants(t.db, [ada.id])).get(ada.id)).toBe(0);
  });

  it("an address marking a conversation read more than 60 times a minute is refused (the call is open at the door)", async () => {
    const visitor = await anonymous(t);
    const read = () => visitor({ method: 'POST', url: `/api/Messages/${bob.id}/Read?token=${bob.token}`, remoteAddress: '10.0.0.77' });
    for (let i = 0; i < 60; i++) expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(429);
  });

  it(`e-mails the other side at most once per ${CHAT_EMAIL_QUIET_MINUTES} minutes`, async () => {
    const toStaff = () => t.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'chat-staff'), eq(mailOutbox.ref, `chat:${ada.id}`)));
    const toAda = () => t.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'chat-applicant'), eq(mailOutbox.ref, `chat:${ada.id}`)));
    // Ada wrote three times and staff twice above: one e-mail each way so far.
    expect(await toStaff()).toHaveLength(1);
    expect((await toStaff())[0]!.to).toEqual(['wendy@airport.test']);
    expect((await toStaff())[0]!.text).toContain(`/chat/${ada.id}`);
    expect(await toAda()).toHaveLength(1);
    expect((await toAda())[0]!.to).toEqual(['ada@example.test']);
    // After a quiet period the next message e-mails again.
    await t.db.update(chatThreads).set({ staffNotifiedAt: new Date(Date.now() - (CHAT_EMAIL_QUIET_MINUTES + 1) * 60_000) }).where(eq(chatThreads.applicantId, ada.id));
    const post = await anonymous(t);
    await post({ method: 'POST', url: `/api/Messages/${ada.id}?token=${ada.token}`, payload: { content: 'Back again' } });
    expect(await toStaff()).toHaveLength(2);
  });
});

describe('uploads never sent', () => {
  it('are removed after a day with their file; sent ones stay', async () => {
    const files = createFileStorage(t.config);
    const unsent = await staff.request({ method: 'POST', url: `/api/Messages/${bob.id}/Documents`, ...multipart('left.png', PNG) });
    expect(unsent.statusCode).toBe(201);
    const id = (unsent.json() as { _id: string })._id;
    const [row] = await t.db.select().from(chatDocuments).where(eq(chatDocuments.id, id));
    expect(await removeUnsentDocuments({ db: t.db, files, log: t.app.log })).toBe(0);
    await t.db.update(chatDocuments).set({ createdAt: new Date(Date.now() - 2 * 86_400_000) }).where(eq(chatDocuments.id, id));
    expect(await removeUnsentDocuments({ db: t.db, files, log: t.app.log })).toBe(1);
    expect(await t.db.select().from(chatDocuments).where(eq(chatDocuments.id, id))).toEqual([]);
    await expect(files.get(row!.storageKey)).rejects.toThrow();
  });
});

describe('messages sent at the same moment', () => {
  it('e-mail staff once: the quiet period is claimed by one statement', async () => {
    const cy = await joinApplicant('Cy', 'cy@example.test');
    const post = await anonymous(t);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => post({ method: 'POST', url: `/api/Messages/${cy.id}?token=${cy.token}`, payload: { content: `Ping ${i}` } })));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const mails = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'chat-staff'), eq(mailOutbox.ref, `chat:${cy.id}`)));
    expect(mails).toHaveLength(1);
    expect((await unreadCountsForApplicants(t.db, [cy.id])).get(cy.id)).toBe(5);
  });
});

describe('documents in the chat', () => {
  it('upload (checked by content and size), send, download as the same file; not downloadable by another applicant', async () => {
    const post = await anonymous(t);
    expect((await post({ method: 'POST', url: `/api/Messages/${ada.id}/Documents`, ...multipart('a.png', PNG) })).statusCode).toBe(401);
    const refused = await staff.request({ method: 'POST', url: `/api/Messages/${ada.id}/Documents`, ...multipart('run.exe', Buffer.from('MZ not a document')) });
    expect(refused.statusCode).toBe(415);
    const tooBig = await staff.request({ method: 'POST', url: `/api/Messages/${ada.id}/Documents`, ...multipart('big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)])) });
    expect(tooBig.statusCode).toBe(413);

    const uploaded = await post({ method: 'POST', url: `/api/Messages/${ada.id}/Documents?token=${ada.token}`, ...multipart('licence photo.png', PNG, 'image/png') });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const doc = uploaded.json() as { _id: string; name: string; contentType: string };
    expect(doc).toMatchObject({ name: 'licence photo.png', contentType: 'image/png', size: PNG.length });
    // Staff cannot send the applicant's upload as their own; Bob cannot send it at all.
    expect((await staff.request({ method: 'POST', url: `/api/Messages/${ada.id}`, payload: { documents: [doc._id] } })).json().errors).toHaveProperty('documents');
    // Unsent, nobody downloads it.
    expect((await staff.request({ method: 'GET', url: `/api/Messages/${ada.id}/Documents/${doc._id}` })).statusCode).toBe(404);

    const sent = await post({ method: 'POST', url: `/api/Messages/${ada.id}?token=${ada.token}`, payload: { content: '', documents: [doc._id] } });
    expect(sent.statusCode).toBe(201);
    expect((sent.json() as TChatMessage).documents.map((d) => d.name)).toEqual(['licence photo.png']);
    // Both sides read it back with the message: the whole thread, and a poll since just before it.
    const withDocument = (thread: { messages: TChatMessage[] }) => thread.messages.find((m) => m._id === (sent.json() as TChatMessage)._id)?.documents;
    const expected = [{ _id: doc._id, name: 'licence photo.png', contentType: 'image/png', size: PNG.length }];
    expect(withDocument((await staff.request({ method: 'GET', url: `/api/Messages/${ada.id}` })).json())).toEqual(expected);
    const since = encodeURIComponent((sent.json() as TChatMessage).createdAt);
    expect(withDocument((await t.app.inject({ method: 'GET', url: `/api/Messages/${ada.id}?token=${ada.token}&since=${since}` })).json())).toEqual(expected);

    const download = await staff.request({ method: 'GET', url: `/api/Messages/${ada.id}/Documents/${doc._id}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain('licence%20photo.png');
    expect((await t.app.inject({ method: 'GET', url: `/api/Messages/${ada.id}/Documents/${doc._id}?token=${ada.token}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/Messages/${ada.id}/Documents/${doc._id}?token=${bob.token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/Messages/${bob.id}/Documents/${doc._id}?token=${bob.token}` })).statusCode).toBe(404);
  });
});

describe('deleting an applicant', () => {
  it('removes their conversation, documents and remarks, and every stored file of them', async () => {
    const carol = await joinApplicant('Carol', 'carol@example.test');
    const fields = (values: Record<string, string>, name: string, content: Buffer) => {
      const boundary = 'deleteboundary7';
      const parts = Object.entries(values).map(([key, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
      const file = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`);
      return { payload: Buffer.concat([...parts, file, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    };
    const upload = await admin.request({ method: 'POST', url: '/api/Attachments', ...fields({ ownerType: 'waitlist', ownerId: carol.id }, 'licence.png', PNG) });
    expect(upload.statusCode).toBe(201);
    const remark = await admin.request({ method: 'POST', url: '/api/Remarks', payload: { ownerType: 'waitlist', ownerId: carol.id, subject: 'Called', message: 'Left a voicemail', documents: [upload.json()._id] } });
    expect(remark.statusCode).toBe(201);
    const chatUpload = await staff.request({ method: 'POST', url: `/api/Messages/${carol.id}/Documents`, ...multipart('plan.png', PNG, 'image/png') });
    expect((await staff.request({ method: 'POST', url: `/api/Messages/${carol.id}`, payload: { content: 'Your plan', documents: [chatUpload.json()._id] } })).statusCode).toBe(201);
    const keys = (await t.db.select().from(chatDocuments).where(eq(chatDocuments.applicantId, carol.id))).map((d) => d.storageKey);
    const documentKeys = (await t.db.select().from(attachments).where(eq(attachments.ownerId, carol.id))).map((d) => d.storageKey);
    expect(keys).toHaveLength(1);
    expect(documentKeys).toHaveLength(1);
    const storage = createFileStorage(t.config);
    for (const key of [...keys, ...documentKeys]) (await storage.get(key)).destroy(); // stored until the delete

    expect((await admin.request({ method: 'DELETE', url: `/api/WaitList/${carol.id}` })).statusCode).toBe(200);
    expect((await admin.request({ method: 'POST', url: '/api/Attachments/List', payload: { ownerType: 'waitlist', ownerId: carol.id } })).statusCode).toBe(404);
    expect(await t.db.select().from(attachments).where(eq(attachments.ownerId, carol.id))).toEqual([]);
    expect(await t.db.select().from(remarks).where(eq(remarks.ownerId, carol.id))).toEqual([]);
    expect(await t.db.select().from(chatDocuments).where(eq(chatDocuments.applicantId, carol.id))).toEqual([]);
    for (const key of [...keys, ...documentKeys]) await expect(storage.get(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'GET', url: `/api/Messages/${carol.id}?token=${carol.token}` })).statusCode).toBe(404);
  });
});
