import { describe, expect, it } from 'vitest';
import health from '../../netlify/functions/health.mts';

describe('GET /api/health', () => {
  it('reports the app and its database as up', async () => {
    const response = await health(new Request('http://localhost/api/health'), { ip: '', params: {} });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'up' });
  });
});
