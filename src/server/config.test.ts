import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  checkEnvironment,
  describeConfiguration,
  findConfigurationProblems,
  isProductionContext,
  readBackend,
  readLimit,
  readPayments,
  readSettings,
} from './config.ts';

describe('readBackend', () => {
  it('uses the embedded database when nothing is configured', () => {
    expect(readBackend({})).toEqual({ kind: 'embedded', dataDir: '.data/postgres' });
  });

  it('uses any Postgres named by DATABASE_URL', () => {
    expect(readBackend({ DATABASE_URL: 'postgres://u:p@db.example:5432/app' })).toEqual({
      kind: 'postgres',
      databaseUrl: 'postgres://u:p@db.example:5432/app',
    });
  });

  it('uses Supabase when its URL, key and connection string are all set', () => {
    const backend = readBackend({
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_ANON_KEY: 'anon-key',
      DATABASE_URL: 'postgresql://postgres.abc:pw@aws-0-eu-west-2.pooler.supabase.com:6543/postgres',
    });
    expect(backend.kind).toBe('supabase');
  });

  const supabaseProject = {
    SUPABASE_URL: 'https://abc.supabase.co',
    DATABASE_URL: 'postgresql://postgres.abc:pw@aws-0-eu-west-2.pooler.supabase.com:6543/postgres',
  };

  it('uses Supabase with its publishable and secret keys', () => {
    expect(
      readBackend({
        ...supabaseProject,
        SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_abc',
        SUPABASE_SECRET_KEY: 'sb_secret_xyz',
      }),
    ).toMatchObject({ kind: 'supabase', apiKey: 'sb_publishable_abc', secretKey: 'sb_secret_xyz' });
  });

  it('uses Supabase with its legacy anon key and JWT secret', () => {
    expect(
      readBackend({ ...supabaseProject, SUPABASE_ANON_KEY: 'eyJanon', SUPABASE_JWT_SECRET: 'secret' }),
    ).toMatchObject({ kind: 'supabase', apiKey: 'eyJanon', secretKey: undefined, jwtSecret: 'secret' });
  });

  it.each([
    [{ ...supabaseProject, SUPABASE_SECRET_KEY: 'sb_secret_xyz' }, /SUPABASE_PUBLISHABLE_KEY/],
    [{ SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_abc' }, /SUPABASE_URL.*DATABASE_URL/],
    [{ SUPABASE_JWT_SECRET: 'secret' }, /SUPABASE_URL.*SUPABASE_PUBLISHABLE_KEY.*DATABASE_URL/],
    [
      { ...supabaseProject, SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_abc', SUPABASE_ANON_KEY: 'eyJanon' },
      /one API key.*not both/,
    ],
    [
      { ...supabaseProject, SUPABASE_ANON_KEY: 'eyJanon', SUPABASE_SECRET_KEY: 'sb_secret_xyz' },
      /instead of SUPABASE_ANON_KEY/,
    ],
    [
      { ...supabaseProject, SUPABASE_PUBLISHABLE_KEY: 'sb_secret_xyz' },
      /SUPABASE_PUBLISHABLE_KEY: is not a publishable key/,
    ],
    [
      {
        ...supabaseProject,
        SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_abc',
        SUPABASE_SECRET_KEY: 'eyJservice',
      },
      /SUPABASE_SECRET_KEY: is not a secret key/,
    ],
  ])('explains a half-set or mixed Supabase key configuration in %j', (environment, message) => {
    expect(() => readBackend(environment)).toThrow(ConfigurationError);
    expect(() => readBackend(environment)).toThrow(message);
  });

  it.each([
    [{ SUPABASE_URL: 'https://abc.supabase.co' }, /SUPABASE_ANON_KEY.*DATABASE_URL/],
    [{ SUPABASE_ANON_KEY: 'k', DATABASE_URL: 'postgres://x@y/z' }, /SUPABASE_URL/],
    [{ DATABASE_URL: 'mysql://x@y/z' }, /DATABASE_URL/],
  ])('explains what is missing or wrong in %j', (environment, message) => {
    expect(() => readBackend(environment)).toThrow(ConfigurationError);
    expect(() => readBackend(environment)).toThrow(message);
  });

  it('treats empty settings as unset', () => {
    expect(readBackend({ DATABASE_URL: '', SUPABASE_URL: ' ' }).kind).toBe('embedded');
  });
});

describe('readSettings', () => {
  it('gives every setting its default when nothing is set', () => {
    expect(readSettings({})).toMatchObject({
      PORT: 8888,
      HOST: '127.0.0.1',
      FORM_RATE_LIMIT: 10,
      AUTH_RATE_LIMIT: 10,
      EMAIL_WORKER_MS: 3000,
      EMAIL_CAP_PER_HOUR: 3,
      EMAIL_CAP_PER_DAY: 6,
      FUNCTION_CONCURRENCY: 8,
      FUNCTION_INSTANCES_IDLE: 16,
      REQUEST_TIMEOUT_SECONDS: 10,
      DB_POOL_MAX: 1,
      DB_POOL_IDLE_MS: 1000,
      // OWASP's scrypt floor: only the tests lower it.
      PASSWORD_HASH_LOG_N: 17,
    });
  });

  it('reads numbers and treats empty settings as unset', () => {
    expect(readSettings({ PORT: '9000', FORM_RATE_LIMIT: '0', HOST: '' })).toMatchObject({
      PORT: 9000,
      FORM_RATE_LIMIT: 0,
      HOST: '127.0.0.1',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT: must be a port number/],
    [{ FORM_RATE_LIMIT: '-1' }, /FORM_RATE_LIMIT: must be a whole number/],
    [{ EMAIL_CAP_PER_DAY: '2.5' }, /EMAIL_CAP_PER_DAY: must be a whole number/],
    [{ AUTH_JWT_SECRET: 'short' }, /AUTH_JWT_SECRET: must have at least 32 characters/],
    [{ SMTP_URL: 'http://mail.example' }, /SMTP_URL/],
    [{ SITE_URL: 'not a url' }, /SITE_URL/],
    [{ PASSWORD_HASH_LOG_N: '8' }, /PASSWORD_HASH_LOG_N: must be from 10 to 20/],
    [{ GUEST_DETAILS_KEY: 'k'.repeat(44) }, /GUEST_DETAILS_KEY: must be 32 bytes in base64/],
    [{ GUEST_DETAILS_KEY: Buffer.alloc(16).toString('base64') }, /GUEST_DETAILS_KEY: must be 32 bytes/],
    [
      { GUEST_DETAILS_OLD_KEYS: `${Buffer.alloc(32).toString('base64')},nope` },
      /GUEST_DETAILS_OLD_KEYS: must be keys of 32 bytes in base64/,
    ],
  ])('names the variable to fix in %j', (environment, message) => {
    expect(() => readSettings(environment)).toThrow(ConfigurationError);
    expect(() => readSettings(environment)).toThrow(message);
  });
});

describe('checkEnvironment', () => {
  it('refuses a half-set backend at start, with what to set', () => {
    expect(() => checkEnvironment({ SUPABASE_URL: 'https://abc.supabase.co' })).toThrow(/also set/);
  });

  it('accepts the local defaults', () => {
    expect(checkEnvironment({}).PORT).toBe(8888);
  });
});

describe('readPayments', () => {
  const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
  const razorpayKeys = {
    RAZORPAY_KEY_ID: 'rzp_test_abc',
    RAZORPAY_KEY_SECRET: 'secret',
    RAZORPAY_WEBHOOK_SECRET: 'hook',
  };
  const standIn = { PAYMENT_STAND_IN_URL: 'http://127.0.0.1:4100', PAYMENT_STAND_IN_KEY: 'k'.repeat(32) };

  it('uses the stand-in when nothing is set, and the address npm start gives it', () => {
    expect(readPayments({})).toEqual({ kind: 'stand-in', url: undefined, key: undefined, shape: 'stripe' });
    expect(readPayments(standIn)).toEqual({
      kind: 'stand-in',
      url: standIn.PAYMENT_STAND_IN_URL,
      key: 'k'.repeat(32),
      shape: 'stripe',
    });
    expect(readPayments({ ...standIn, PAYMENT_STAND_IN_SHAPE: 'razorpay' })).toMatchObject({
      kind: 'stand-in',
      shape: 'razorpay',
    });
  });

  it('uses Razorpay with its key id, key secret and webhook secret', () => {
    expect(readPayments({ PAYMENT_PROVIDER: 'razorpay', ...razorpayKeys })).toEqual({
      kind: 'razorpay',
      keyId: 'rzp_test_abc',
      keySecret: 'secret',
      webhookSecret: 'hook',
    });
  });

  it('uses Stripe with both its keys', () => {
    expect(readPayments({ PAYMENT_PROVIDER: 'stripe', ...stripeKeys })).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      apiUrl: undefined,
    });
  });

  it('points Stripe at another API address only when STRIPE_API_URL names one (a rehearsal)', () => {
    expect(
      readPayments({ PAYMENT_PROVIDER: 'stripe', ...stripeKeys, STRIPE_API_URL: 'http://127.0.0.1:8917' }),
    ).toMatchObject({ kind: 'stripe', apiUrl: 'http://127.0.0.1:8917' });
  });

  it.each([
    [{ PAYMENT_PROVIDER: 'stripe' }, /half-configured: also set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET/],
    [{ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc' }, /also set STRIPE_WEBHOOK_SECRET/],
    [stripeKeys, /set PAYMENT_PROVIDER=stripe/],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, /set PAYMENT_PROVIDER=stripe/],
    [{ PAYMENT_STAND_IN_URL: 'http://127.0.0.1:4100' }, /PAYMENT_STAND_IN_KEY/],
    [{ PAYMENT_PROVIDER: 'paypal' }, /PAYMENT_PROVIDER: must be stand-in, stripe or razorpay/],
    [
      { PAYMENT_PROVIDER: 'razorpay' },
      /half-configured: also set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/,
    ],
    [
      { PAYMENT_PROVIDER: 'razorpay', ...razorpayKeys, RAZORPAY_WEBHOOK_SECRET: '' },
      /also set RAZORPAY_WEBHOOK_SECRET/,
    ],
    [
      { PAYMENT_PROVIDER: 'razorpay', ...razorpayKeys, RAZORPAY_KEY_ID: 'key_abc' },
      /RAZORPAY_KEY_ID: is not a key id/,
    ],
    [{ RAZORPAY_KEY_SECRET: 'secret' }, /set PAYMENT_PROVIDER=razorpay/],
    [{ PAYMENT_PROVIDER: 'stripe', ...stripeKeys, ...razorpayKeys }, /set PAYMENT_PROVIDER=razorpay/],
    [{ PAYMENT_PROVIDER: 'razorpay', ...razorpayKeys, ...stripeKeys }, /PAYMENT_PROVIDER is razorpay/],
    [{ ...standIn, PAYMENT_STAND_IN_SHAPE: 'paypal' }, /PAYMENT_STAND_IN_SHAPE: must be stripe or razorpay/],
    [
      { PAYMENT_PROVIDER: 'stripe', ...stripeKeys, STRIPE_SECRET_KEY: 'pk_test_abc' },
      /STRIPE_SECRET_KEY: is not a secret/,
    ],
    [{ PAYMENT_PROVIDER: 'stripe', ...stripeKeys, STRIPE_WEBHOOK_SECRET: 'abc' }, /STRIPE_WEBHOOK_SECRET/],
  ])('refuses %j, saying what to set', (environment, message) => {
    expect(() => readPayments(environment)).toThrow(ConfigurationError);
    expect(() => readPayments(environment)).toThrow(message);
    expect(() => checkEnvironment(environment)).toThrow(message);
  });
});

describe('readLimit', () => {
  it('reads a declared setting by its schema and any other name by the same rule', () => {
    expect(readLimit('FORM_RATE_LIMIT', 10, { FORM_RATE_LIMIT: '3' })).toBe(3);
    expect(readLimit('BENCH_ROWS', 100, {})).toBe(100);
    expect(readLimit('BENCH_ROWS', 100, { BENCH_ROWS: '' })).toBe(100);
    expect(() => readLimit('BENCH_ROWS', 100, { BENCH_ROWS: '1.5' })).toThrow(
      'BENCH_ROWS must be a whole number',
    );
  });
});

describe('a production context', () => {
  const key = Buffer.alloc(32, 7).toString('base64');
  const whole = {
    CONTEXT: 'production',
    DATABASE_URL: 'postgresql://app:db-password-123@db.example.com:6543/postgres',
    SMTP_URL: 'smtps://mailer:smtp-password-456@smtp.example.com:465',
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_live_stripe-secret-789',
    STRIPE_WEBHOOK_SECRET: 'whsec_hook-secret-000',
    GUEST_DETAILS_KEY: key,
    NETLIFY_DEPLOYS_TOKEN: 'nfp_deploys-token-111',
    SITE_ID: 'c0ffee00-site',
  };
  const secrets = [
    'db-password-123',
    'smtp-password-456',
    'stripe-secret-789',
    'hook-secret-000',
    key,
    'deploys-token-111',
  ];

  it.each([
    [{ CONTEXT: 'production' }, true],
    [{ CONTEXT: 'deploy-preview' }, true],
    [{ CONTEXT: 'branch-deploy' }, true],
    [{ NODE_ENV: 'production' }, true],
    // A function on Netlify: no CONTEXT at runtime, but Lambda's runtime API.
    [{ AWS_LAMBDA_RUNTIME_API: '127.0.0.1:9001', SITE_ID: 'abc' }, true],
    // lambda-local, under npm start and @netlify/dev, sets these, never the runtime API.
    [{ AWS_LAMBDA_FUNCTION_NAME: 'health', LAMBDA_TASK_ROOT: '/work' }, false],
    [{ CONTEXT: 'dev' }, false],
    [{ NODE_ENV: 'test' }, false],
    [{}, false],
  ])('is %j: %s', (environment, production) => {
    expect(isProductionContext(environment)).toBe(production);
  });

  it('accepts a whole configuration, and describes it without a secret', () => {
    expect(findConfigurationProblems(whole)).toEqual([]);
    const described = describeConfiguration(whole).join('\n');
    expect(described).toMatch(/Mail: SMTP at smtps:\/\/smtp\.example\.com:465/);
    expect(described).toMatch(/Payments: Stripe \(live key\)/);
    for (const secret of secrets) expect(described).not.toContain(secret);
  });

  it.each([
    ['SMTP_URL', { SMTP_URL: undefined }, /^SMTP_URL: not set.*smtps:\/\/user:password@/],
    ['DATABASE_URL', { DATABASE_URL: undefined }, /^DATABASE_URL: not set.*postgresql:\/\//],
    [
      'the payment stand-in',
      { PAYMENT_PROVIDER: undefined, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined },
      /^PAYMENT_PROVIDER: the payment stand-in takes no money/,
    ],
    ['GUEST_DETAILS_KEY', { GUEST_DETAILS_KEY: undefined }, /^GUEST_DETAILS_KEY: not set.*openssl rand/],
    [
      'the deploys stand-in',
      { NETLIFY_DEPLOYS_TOKEN: undefined },
      /^NETLIFY_DEPLOYS_TOKEN: not set\. The content editor reads from Netlify when a save is live/,
    ],
    [
      'a deploys token without the site',
      { SITE_ID: undefined },
      /^NETLIFY_DEPLOYS_TOKEN is set but SITE_ID is not/,
    ],
    ['half a Stripe', { STRIPE_WEBHOOK_SECRET: undefined }, /also set STRIPE_WEBHOOK_SECRET/],
    [
      'half a Supabase',
      { SUPABASE_URL: 'https://abc.supabase.co' },
      /Supabase is half-configured: also set SUPABASE_PUBLISHABLE_KEY/,
    ],
    ['the tests’ password cost', { PASSWORD_HASH_LOG_N: '12' }, /^PASSWORD_HASH_LOG_N: below 17/],
    ['loopback feeds', { CALENDAR_FEEDS_ALLOW_LOOPBACK: '1' }, /^CALENDAR_FEEDS_ALLOW_LOOPBACK/],
    [
      'a malformed key',
      { STRIPE_SECRET_KEY: 'pk_live_stripe-secret-789' },
      /^STRIPE_SECRET_KEY: is not a secret/,
    ],
  ])('refuses %s, naming what to set and quoting no secret', (_what, change, message) => {
    const problems = findConfigurationProblems({ ...whole, ...change });
    expect(problems).toContainEqual(expect.stringMatching(message));
    for (const secret of secrets) expect(problems.join('\n')).not.toContain(secret);
    expect(() => checkEnvironment({ ...whole, ...change })).toThrow(ConfigurationError);
  });

  it('lists every embedded default it refuses at once', () => {
    expect(
      findConfigurationProblems({ CONTEXT: 'production' }).map((problem) => problem.split(':')[0]),
    ).toEqual(['SMTP_URL', 'DATABASE_URL', 'PAYMENT_PROVIDER', 'NETLIFY_DEPLOYS_TOKEN', 'GUEST_DETAILS_KEY']);
  });

  it('allows the embedded defaults outside production', () => {
    expect(findConfigurationProblems({ CONTEXT: 'dev' })).toEqual([]);
  });
});
