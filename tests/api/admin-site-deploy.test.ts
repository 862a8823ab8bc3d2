import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as deployFunction from '../../netlify/functions/admin-site-deploy.mts';
import { apiRoutes } from '../../src/lib/api-contract.ts';
import { standInDeploys } from '../../src/server/site-deploys/index.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';

/**
 * The content editor on Netlify asks how the deploy of its save stands; the answer comes from
 * Netlify's deploys, here the stand-in's, as the tests record them.
 */
let admin: Admin;
beforeAll(async () => {
  admin = await signedInAdmin();
});
afterEach(() => standInDeploys.forget());

const ask = (since: string) =>
  invoke(
    deployFunction,
    adminRequest('GET', `${apiRoutes.adminSiteDeploy}?since=${encodeURIComponent(since)}`, {
      cookie: admin.cookie,
    }),
  );

describe('GET /api/admin/site-deploy', () => {
  it('says the save is building until Netlify’s deploy of it is ready, then when it went live', async () => {
    const savedAt = new Date(Date.now() - 60_000);
    const first = await ask(savedAt.toISOString());
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      status: 'building',
      startedAt: savedAt.toISOString(),
      estimateSeconds: expect.any(Number),
    });

    const createdAt = new Date(savedAt.getTime() + 5_000).toISOString();
    standInDeploys.record({ state: 'building', createdAt });
    expect(await (await ask(savedAt.toISOString())).json()).toMatchObject({
      status: 'building',
      startedAt: createdAt,
    });

    standInDeploys.forget();
    const publishedAt = new Date(savedAt.getTime() + 50_000).toISOString();
    standInDeploys.record({ state: 'ready', createdAt, publishedAt });
    expect(await (await ask(savedAt.toISOString())).json()).toEqual({
      status: 'live',
      finishedAt: publishedAt,
      seconds: 50,
    });
  });

  it('says why a deploy failed, in Netlify’s words', async () => {
    const savedAt = new Date(Date.now() - 60_000);
    standInDeploys.record({
      state: 'error',
      createdAt: new Date(savedAt.getTime() + 1_000).toISOString(),
      errorMessage: 'Build script returned non-zero exit code: 2',
    });
    expect(await (await ask(savedAt.toISOString())).json()).toMatchObject({
      status: 'failed',
      error: 'Build script returned non-zero exit code: 2',
    });
  });

  it('refuses a save time that is not one with a 400 naming the field', async () => {
    const response = await ask('yesterday');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.since).toMatch(/ISO 8601/);
  });
});
