import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createOrganisation,
  createTestApp,
  createUser,
  latestMailTo,
  linkIn,
  signInAs,
  solveBotCheck,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function organisationWithAdmin() {
  const { db } = t.database;
  const organisation = await createOrganisation(db, {
    title: `Team ${Math.random().toString(36).slice(2, 7)}`,
  });
  const admin = await createUser(db, { name: 'Ada Admin' });
  await addMember(db, { userId: admin.id, organisationId: organisation.id, level: 'Admin' });
  return { organisation, admin, session: await signInAs(t.app, admin.email) };
}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers as Record<string, string>, payload });

describe('inviting a colleague who already has an account', () => {
  it('emails a link, lists the invitation, and joins the organisation on accept', async () => {
    const { organisation, session } = await organisationWithAdmin();
    const colleague = await createUser(t.database.db, { name: 'Cole League' });
    const invited = await api('POST', `/organisations/${organisation.id}/invite-user`, session.headers, {
      email: colleague.email,
      user_level: 'User',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: colleague.email, user_level: 'User' });

    const mail = await latestMailTo(t.database.db, { to: colleague.email, subject: /invitation/i });
    expect(mail!.textBody).toContain('Ada Admin has invited you');
    const link = linkIn(mail!.textBody, '/user/invitations');
    expect(link.searchParams.get('organisation')).toBe(organisation.id);

    const theirs = await signInAs(t.app, colleague.email);
    const current = (await api('GET', '/users/current', theirs.headers)).json();
    expect(current.organisations).toEqual([
      {
        id: organisation.id,
        title: organisation.title,
        active: true,
        invitation_accepted: false,
        user_level: 'User',
      },
    ]);
    const mine = (await api('GET', '/users/current/invitations', theirs.headers)).json();
    expect(mine).toEqual([
      expect.objectContaining({ organisation_id: organisation.id, invited_by: 'Ada Admin' }),
    ]);

    const accepted = await api('POST', `/organisations/${organisation.id}/accept-invite`, theirs.headers, {
      token: link.searchParams.get('token'),
    });
    expect(accepted.json()).toEqual({ accepted: true });
    const after = (
      await api('GET', '/users/current', { ...theirs.headers, 'x-organisation-id': organisation.id })
    ).json();
    expect(after.organisations[0]).toMatchObject({
      id: organisation.id,
      invitation_accepted: true,
      user_level: 'User',
    });
    // Used once: accepting again finds nothing open.
    expect(
      (await api('POST', `/organisations/${organisation.id}/accept-invite`, theirs.headers, {})).statusCode,
    ).toBe(404);
  });

  it('lets them decline instead', async () => {
    const { organisation, session } = await organisationWithAdmin();
    const colleague = await createUser(t.database.db);
    await api('POST', `/organisations/${organisation.id}/invite-user`, session.headers, {
      email: colleague.email,
      user_level: 'Admin',
    });
    const theirs = await signInAs(t.app, colleague.email);
    expect(
      (await api('POST', `/organisations/${organisation.id}/decline-invite`, theirs.headers)).json(),
    ).toEqual({
      declined: true,
    });
    expect((await api('GET', '/users/current/invitations', theirs.headers)).json()).toEqual([]);
  });
});

describe('inviting someone without an account', () => {
  it('signs them up through the emailed link and joins them', async () => {
    const { organisation, session } = await organisationWithAdmin();
    const email = `newcomer-${Date.now()}@example.test`;
    await api('POST', `/organisations/${organisation.id}/invite-user`, session.headers, {
      email,
      user_level: 'User',
    });
    const link = linkIn((await latestMailTo(t.database.db, { to: email }))!.textBody, '/sign-up');
    const token = link.searchParams.get('invitation')!;

    const about = await api('GET', `/invitations/${token}`, {});
    expect(about.json()).toEqual({
      organisation_id: organisation.id,
      organisation_title: organisation.title,
      email,
      has_account: false,
    });

    const wrongEmail = await api(
      'POST',
      '/users',
      {},
      {
        name: 'New Comer',
        email: 'someone-else@example.test',
        password: 'a decent passphrase',
        altcha: await solveBotCheck(t.app),
        invitation_token: token,
      },
    );
    expect(wrongEmail.json().details[0].path).toBe('body.email');

    const signedUp = await api(
      'POST',
      '/users',
      {},
      {
        name: 'New Comer',
        email,
        password: 'a decent passphrase',
        altcha: await solveBotCheck(t.app),
        invitation_token: token,
      },
    );
    expect(signedUp.statusCode).toBe(201);
    const me = (
      await api('GET', '/users/current', { authorization: `Bearer ${signedUp.json().access_token}` })
    ).json();
    expect(me.organisations).toEqual([
      {
        id: organisation.id,
        title: organisation.title,
        active: true,
        invitation_accepted: true,
        user_level: 'User',
      },
    ]);
  });
});

describe('managing invitations', () => {
  it('refuses duplicates, resends with a new link and withdraws', async () => {
    const { organisation, session } = await organisationWithAdmin();
    const email = `twice-${Date.now()}@example.test`;
    const first = await api('POST', `/organisations/${organisation.id}/invite-user`, session.headers, {
      email,
      user_level: 'User',
    });
    const again = await api('POST', `/organisations/${organisation.id}/invite-user`, session.headers, {
      email,
      user_level: 'User',
    });
    expect(again.statusCode).toBe(409);
    const oldLink = linkIn((await latestMailTo(t.database.db, { to: email }))!.textBody, '/sign-up');

    const resent = await api(
      'POST',
      `/organisations/${organisation.id}/user/${first.json().id}/resend-invite`,
      session.headers,
    );
    expect(resent.statusCode).toBe(200);
    const newLink = linkIn((await latestMailTo(t.database.db, { to: email }))!.textBody, '/sign-up');
    expect(newLink.searchParams.get('invitation')).not.toBe(oldLink.searchParams.get('invitation'));
    expect((await api('GET', `/invitations/${oldLink.searchParams.get('invitation')}`, {})).statusCode).toBe(
      404,
    );

    const listed = (await api('GET', `/organisations/${organisation.id}/users`, session.headers)).json();
    expect(listed.invitations.map((i: { email: string }) => i.email)).toEqual([email]);
    expect(
      (
        await api(
          'DELETE',
          `/organisations/${organisation.id}/user/${first.json().id}/invite`,
          session.headers,
        )
      ).json(),
    ).toEqual({
      revoked: true,
    });
    expect(
      (await api('GET', `/organisations/${organisation.id}/users`, session.headers)).json().invitations,
    ).toEqual([]);
  });

  it('needs an Admin and a valid body', async () => {
    const { organisation } = await organisationWithAdmin();
    const user = await createUser(t.database.db);
    await addMember(t.database.db, { userId: user.id, organisationId: organisation.id, level: 'User' });
    const asUser = await signInAs(t.app, user.email);
    const payload = { email: 'x@example.test', user_level: 'User' };
    expect(
      (await api('POST', `/organisations/${organisation.id}/invite-user`, asUser.headers, payload))
        .statusCode,
    ).toBe(403);
    const other = await organisationWithAdmin();
    const bad = await api(
      'POST',
      `/organisations/${other.organisation.id}/invite-user`,
      other.session.headers,
      {
        email: 'nope',
        user_level: 'Owner',
      },
    );
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.email', 'body.user_level']);
  });
});

describe('members', () => {
  it('changes levels but always keeps one active Admin', async () => {
    const { organisation, admin, session } = await organisationWithAdmin();
    const colleague = await createUser(t.database.db);
    await addMember(t.database.db, { userId: colleague.id, organisationId: organisation.id, level: 'User' });

    const demoteSelf = await api(
      'PUT',
      `/organisations/${organisation.id}/user/${admin.id}`,
      session.headers,
      {
        user_level: 'User',
        active: true,
      },
    );
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json().message).toMatch(/at least one active Admin/);

    const promoted = await api(
      'PUT',
      `/organisations/${organisation.id}/user/${colleague.id}`,
      session.headers,
      {
        user_level: 'Admin',
        active: true,
      },
    );
    expect(promoted.json()).toMatchObject({ user_id: colleague.id, user_level: 'Admin', active: true });
    const deactivated = await api(
      'PUT',
      `/organisations/${organisation.id}/user/${admin.id}`,
      session.headers,
      {
        user_level: 'Admin',
        active: false,
      },
    );
    expect(deactivated.json().active).toBe(false);
    // Deactivated: the organisation is no longer theirs to act for.
    expect((await api('GET', `/organisations/${organisation.id}/users`, session.headers)).statusCode).toBe(
      404,
    );
  });

  it("answers another organisation's member with 404", async () => {
    const mine = await organisationWithAdmin();
    const theirs = await organisationWithAdmin();
    const response = await api(
      'PUT',
      `/organisations/${mine.organisation.id}/user/${theirs.admin.id}`,
      mine.session.headers,
      {
        user_level: 'User',
        active: false,
      },
    );
    expect(response.statusCode).toBe(404);
  });
});
