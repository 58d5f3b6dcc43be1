import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../platform/jobs/testing/wait-until.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../platform/mail/testing/smtp-stand-in.ts';
import { addMember, createOrganisation, createUser, signInAs } from './factories.ts';
import { latestMailTo } from './outbox.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Workers are off by default (see TestAppOptions); a test that asks for them gets the same mail
// delivery main.ts starts, end to end to an SMTP server.
let t: TestApp;
let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ SMTP_URL: smtp.url }, { workers: true });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

describe('a test app with workers', () => {
  it('delivers the mail a request queues', async () => {
    const { db } = t.database;
    const organisation = await createOrganisation(db);
    const admin = await createUser(db, { name: 'Ada Admin' });
    await addMember(db, { userId: admin.id, organisationId: organisation.id, level: 'Admin' });
    const colleague = await createUser(db, { name: 'Cole League' });
    const session = await signInAs(t.app, admin.email);

    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/v1/organisations/${organisation.id}/invite-user`,
      headers: session.headers,
      payload: { email: colleague.email, user_level: 'User' },
    });
    expect(invited.statusCode).toBe(201);

    const delivered = await smtp.waitFor((mail) => mail.to === colleague.email);
    expect(delivered.subject).toMatch(/invitation/i);
    // The worker marks the outbox row sent once the server has accepted it.
    await waitUntil(async () => Boolean((await latestMailTo(db, { to: colleague.email }))?.sentAt), {
      what: 'the outbox row marked sent',
    });
    expect((await latestMailTo(db, { to: colleague.email }))?.sentAt).toBeInstanceOf(Date);
  });
});
