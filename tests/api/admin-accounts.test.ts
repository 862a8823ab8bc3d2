import { describe, expect, it } from 'vitest';
import login from '../../netlify/functions/auth-login.mts';
import register from '../../netlify/functions/auth-register.mts';
import {
  AdminAccountError,
  countAdmins,
  createOrPromoteAdmin,
  readAccountState,
  revokeAdmin,
} from '../../src/server/auth/admins.ts';
import { asClient, newGuest, registerConfirmed } from '../support/accounts.ts';
import { jsonPost } from '../support/requests.ts';

/** What `npm run admin:create` does, through the module it calls, checked by signing in for real. */

async function signInAs(email: string, password: string) {
  const response = await login(jsonPost('/api/auth/login', { email, password }), asClient());
  return { status: response.status, body: (await response.json()) as { user?: { isAdmin: boolean } } };
}

describe('making an office admin', () => {
  it('creates a confirmed admin who can sign in at once', async () => {
    const email = `office+${crypto.randomUUID()}@example.com`;
    const before = await countAdmins();
    expect(
      await createOrPromoteAdmin({ email, name: 'Lakshmi Menon', password: 'vallam kali 2026' }),
    ).toMatchObject({
      outcome: 'created',
    });
    expect(await signInAs(email, 'vallam kali 2026')).toMatchObject({
      status: 200,
      body: { user: { isAdmin: true } },
    });
    expect(await countAdmins()).toBeGreaterThan(before);
  });

  it('promotes a confirmed guest, who keeps their password', async () => {
    const guest = await registerConfirmed();
    expect(await signInAs(guest.email, guest.password)).toMatchObject({ body: { user: { isAdmin: false } } });
    expect(await createOrPromoteAdmin({ email: guest.email.toUpperCase() })).toMatchObject({
      outcome: 'promoted',
    });
    expect(await readAccountState(guest.email)).toEqual({ exists: true, confirmed: true, isAdmin: true });
    expect(await signInAs(guest.email, guest.password)).toMatchObject({ body: { user: { isAdmin: true } } });
  });

  it('takes over an address registered but never confirmed, so its registrant cannot sign in', async () => {
    const squatter = newGuest();
    expect((await register(jsonPost('/api/auth/register', squatter), asClient())).status).toBe(201);
    await expect(createOrPromoteAdmin({ email: squatter.email })).rejects.toThrow(AdminAccountError);

    expect(
      await createOrPromoteAdmin({ email: squatter.email, password: 'the office owns this' }),
    ).toMatchObject({
      outcome: 'claimed',
    });
    expect((await signInAs(squatter.email, squatter.password)).status).toBe(401);
    expect(await signInAs(squatter.email, 'the office owns this')).toMatchObject({
      status: 200,
      body: { user: { isAdmin: true } },
    });
  });

  it.each([
    ['a short password', { email: 'office@example.com', password: 'short' }, /at least 10 characters/],
    [
      'no password for a new account',
      { email: `office+${crypto.randomUUID()}@example.com` },
      /Choose a password/,
    ],
    ['an address that is not one', { email: 'office', password: 'long enough pass' }, /valid email/],
    [
      'a common password',
      { email: `office+${crypto.randomUUID()}@example.com`, password: 'password12' },
      /most common passwords/,
    ],
    [
      'a password on the long list of common ones',
      { email: `office+${crypto.randomUUID()}@example.com`, password: 'starwars1234' },
      /commonly used password/,
    ],
  ])('refuses %s', async (_case, input, message) => {
    await expect(createOrPromoteAdmin(input)).rejects.toThrow(message);
  });
});

describe('revoking an office admin', () => {
  it('takes the role away; the account keeps its password and signs in as a guest', async () => {
    const email = `office+${crypto.randomUUID()}@example.com`;
    await createOrPromoteAdmin({ email, name: 'Lakshmi Menon', password: 'vallam kali 2026' });
    expect(await revokeAdmin({ email: email.toUpperCase() })).toMatchObject({ outcome: 'revoked' });
    expect(await readAccountState(email)).toEqual({ exists: true, confirmed: true, isAdmin: false });
    expect(await signInAs(email, 'vallam kali 2026')).toMatchObject({
      status: 200,
      body: { user: { isAdmin: false } },
    });
    expect(await revokeAdmin({ email })).toMatchObject({ outcome: 'not_admin' });
  });

  it.each([
    ['an address without an account', `nobody+${crypto.randomUUID()}@example.com`, /no account/],
    ['an address that is not one', 'office', /valid email/],
  ])('refuses %s', async (_case, email, message) => {
    await expect(revokeAdmin({ email })).rejects.toThrow(message);
  });
});
