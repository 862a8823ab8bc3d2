import { z } from 'zod';

/** Where the data lives. Every backend is reached through the Postgres wire protocol. */
export type Backend =
  | { kind: 'embedded'; dataDir: string }
  | { kind: 'postgres'; databaseUrl: string }
  | {
      kind: 'supabase';
      databaseUrl: string;
      supabaseUrl: string;
      /** The project's public API key: the publishable key, or the legacy anon key. */
      apiKey: string;
      /** The secret key, for Auth's admin endpoints; the legacy keys have none here. */
      secretKey: string | undefined;
      /** The legacy HS256 JWT secret; without it, access tokens are checked with the project's JWKS. */
      jwtSecret: string | undefined;
    };

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A count, a size or a duration: a whole number from 0, or `fallback` when unset or empty. */
const wholeNumber = (fallback: number) =>
  optionalText.pipe(
    z.coerce
      .number<string>()
      .int('must be a whole number')
      .min(0, 'must be a whole number')
      .default(fallback),
  );

/** Whether `text` is base64 of exactly 32 bytes: an AES-256 key. */
function isAesKey(text: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(text) && Buffer.from(text, 'base64').length === 32;
}

const optionalUrl = optionalText.pipe(z.url().optional());

/**
 * Every setting the site reads from the environment, in one place, each with its default. The README's
 * "Configuration" tables describe them for people; `checkEnvironment` validates them all at start.
 */
const environmentSchema = z.object({
  /**
   * Where the site runs: Netlify's deploy context (`production`, `deploy-preview`, `branch-deploy`;
   * `dev` under `netlify dev`), read with NODE_ENV by `isProductionContext`.
   */
  CONTEXT: optionalText,
  NODE_ENV: optionalText,
  /** The database: any Postgres 15+, or Supabase's transaction pooler; unset, the embedded PostgreSQL. */
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /** Supabase (all or none, see `readBackend`): the project's URL and its API keys. */
  SUPABASE_URL: optionalUrl,
  SUPABASE_PUBLISHABLE_KEY: optionalText.pipe(
    z.string().startsWith('sb_publishable_', 'is not a publishable key (sb_publishable_…)').optional(),
  ),
  SUPABASE_SECRET_KEY: optionalText.pipe(
    z.string().startsWith('sb_secret_', 'is not a secret key (sb_secret_…)').optional(),
  ),
  SUPABASE_ANON_KEY: optionalText,
  /** The legacy HS256 secret; without it, access tokens are checked with the project's JWKS. */
  SUPABASE_JWT_SECRET: optionalText,
  /** Where the embedded PostgreSQL keeps its data. */
  EMBEDDED_DATA_DIR: optionalText,
  /** Where `npm start` listens. */
  PORT: optionalText.pipe(
    z.coerce.number<string>().int().min(1).max(65535, 'must be a port number').default(8888),
  ),
  HOST: optionalText.pipe(z.string().default('127.0.0.1')),
  /** The site's addresses: canonical URLs, email links and the origins allowed to post. */
  SITE_URL: optionalUrl,
  URL: optionalUrl,
  DEPLOY_PRIME_URL: optionalUrl,
  /** Posts (or sign-in attempts) per client in any minute; 0 turns a limit off. */
  FORM_RATE_LIMIT: wholeNumber(10),
  AUTH_RATE_LIMIT: wholeNumber(10),
  /** Instant book's running holds one client may have at once, across accounts (one per home); 0: no cap. */
  HOLDS_PER_CLIENT: wholeNumber(3),
  /**
   * Emails to the office about one form's posts in any hour, from all clients together: past it, posts
   * are stored and answered as ever and their alerts wait for one digest. 0 sends every alert at once.
   */
  FORM_OFFICE_ALERTS_PER_HOUR: wholeNumber(20),
  /**
   * Seconds a public form's post must come after the token its page was handed (src/server/forms/
   * form-token.ts); 0 takes any post with a token of ours under a day old.
   */
  FORM_MIN_FILL_SECONDS: wholeNumber(3),
  /** Embedded auth only: the key that signs access tokens; unset, one is made and kept in the database. */
  AUTH_JWT_SECRET: optionalText.pipe(z.string().min(32, 'must have at least 32 characters').optional()),
  /** Email: the SMTP server (unset: the local outbox), the sender, the outbox folder, the worker's pace. */
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  EMAIL_FROM: optionalText,
  OUTBOX_DIR: optionalText,
  EMAIL_WORKER_MS: wholeNumber(3000),
  /**
   * Emails one mailbox may get, per hour and per 24 hours, of those anyone can have sent to any address
   * by naming it (sign-up's confirmation, "you already have an account", password reset, "no account");
   * 0 turns a cap off (a benchmark that mails one address many times).
   */
  EMAIL_CAP_PER_HOUR: wholeNumber(3),
  EMAIL_CAP_PER_DAY: wholeNumber(6),
  /** `npm start` only: function requests run at once, and seconds a client gets for headers and body. */
  FUNCTION_CONCURRENCY: wholeNumber(8),
  /**
   * `npm start` only: warm function instances kept while idle, across all functions (each holds its
   * bundle's modules, 20–40 MB); past it, the one idle longest stops, and its function's next request
   * starts a new one (0.3–0.5 s of a core on a slow machine).
   */
  FUNCTION_INSTANCES_IDLE: wholeNumber(16),
  REQUEST_TIMEOUT_SECONDS: wholeNumber(10),
  /**
   * `npm start` only: `off` serves the functions as @netlify/dev ships them, as it does by itself
   * where its bundling patch does not apply (scripts/support/bundle-functions-once.ts): to measure or
   * try the slower way.
   */
  FUNCTIONS_BUNDLING_PATCH: optionalText.pipe(z.enum(['on', 'off'], 'must be on or off').default('on')),
  /**
   * `npm start` only: the folder whose src/content and src/assets the content editor saves into; unset,
   * this checkout. Another folder is given the checkout's when it lacks them, and afresh under
   * `serve --fresh`, so the e2e tests edit a throwaway copy (scripts/support/cms-backend.ts).
   */
  CMS_WORKING_COPY: optionalText,
  /**
   * Read by the build: the minutes the content editor says, after a save on Netlify, the change takes
   * to go live (a save is a commit, which Netlify's next deploy builds and publishes).
   */
  CMS_DEPLOY_MINUTES: wholeNumber(5),
  /**
   * How the content editor reads, on Netlify, whether a save's deploy is live: a Netlify personal
   * access token (read only is enough) and the site's id, which Netlify sets itself (SITE_ID). Unset
   * under `npm start`, which rebuilds the site itself: the stand-in (src/server/site-deploys).
   */
  NETLIFY_DEPLOYS_TOKEN: optionalText,
  SITE_ID: optionalText,
  /** Calendar sync: how often each feed is imported, in hours (the queue is worked every five minutes,
   * on Netlify and under `npm start`; 0: never), and whether a feed may be fetched over http from
   * 127.0.0.1 or ::1 (tests and local development only; never in production). */
  CALENDAR_IMPORT_HOURS: wholeNumber(1),
  CALENDAR_FEEDS_ALLOW_LOOPBACK: optionalText.pipe(z.enum(['0', '1'], 'must be 0 or 1').default('0')),
  /**
   * Who takes payments online: the stand-in in the repository (`npm start` runs it), Stripe with its
   * secret key and the webhook endpoint's signing secret, or Razorpay with its key id, key secret and
   * webhook secret (all or none, see `readPayments`).
   */
  PAYMENT_PROVIDER: optionalText.pipe(
    z.enum(['stand-in', 'stripe', 'razorpay'], 'must be stand-in, stripe or razorpay').default('stand-in'),
  ),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, 'is not a secret or restricted key (sk_test_…, sk_live_…)')
      .optional(),
  ),
  /**
   * Where the Stripe SDK sends its API calls; unset, Stripe's own. Only a rehearsal sets it: the
   * production rehearsal (tests/e2e/production-rehearsal.spec.ts) points it at the payment stand-in,
   * which answers Stripe's API, so the site runs as it does with Stripe, keys and webhooks included.
   */
  STRIPE_API_URL: optionalUrl,
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z.string().startsWith('whsec_', "is not a webhook endpoint's signing secret (whsec_…)").optional(),
  ),
  /** Razorpay's API key (its id `rzp_test_…`/`rzp_live_…` and secret) and the webhook's secret. */
  RAZORPAY_KEY_ID: optionalText.pipe(
    z
      .string()
      .regex(/^rzp_(test|live)_/, 'is not a key id (rzp_test_…, rzp_live_…)')
      .optional(),
  ),
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  /** The stand-in's address and the key its API and webhooks use; `npm start` sets both as it starts it. */
  PAYMENT_STAND_IN_URL: optionalUrl,
  PAYMENT_STAND_IN_KEY: optionalText.pipe(z.string().min(32, 'must have at least 32 characters').optional()),
  /** Which provider's API the site calls the stand-in with: Stripe's (the default) or Razorpay's. */
  PAYMENT_STAND_IN_SHAPE: optionalText.pipe(
    z.enum(['stripe', 'razorpay'], 'must be stripe or razorpay').default('stripe'),
  ),
  /**
   * Embedded auth only: scrypt's cost as log2 of N for new password hashes (each stores its own, so old
   * ones keep working). 17 is OWASP's floor (0.75 s and 128 MiB a hash on a 2-core machine); the tests
   * and the e2e server lower it to 12 (a few ms), which a live site must never do.
   */
  PASSWORD_HASH_LOG_N: optionalText.pipe(
    z.coerce
      .number<string>()
      .int()
      .min(10, 'must be from 10 to 20')
      .max(20, 'must be from 10 to 20')
      .default(17),
  ),
  /**
   * The key the guests' passport and visa details are sealed with (AES-256-GCM, 32 bytes in base64:
   * `openssl rand -base64 32`), and the keys they were sealed with before, comma-separated, kept to
   * read older lists while a rotation lasts. Never in the database. `npm start` on the embedded
   * database makes a local one in .data/guest-details.key when unset; elsewhere, unset, the guest
   * lists answer 503.
   */
  GUEST_DETAILS_KEY: optionalText.pipe(
    z
      .string()
      .refine((value) => isAesKey(value), 'must be 32 bytes in base64 (openssl rand -base64 32)')
      .optional(),
  ),
  GUEST_DETAILS_OLD_KEYS: optionalText.pipe(
    z
      .string()
      .refine(
        (value) => value.split(',').every((key) => isAesKey(key.trim())),
        'must be keys of 32 bytes in base64, separated by commas',
      )
      .optional(),
  ),
  /**
   * Where the office's content changes go on a deployed site (a home marked sold from the dashboard):
   * the GitHub repository Netlify builds (`owner/name`), its branch, and a token that may write its
   * contents (a fine-grained token with Contents: read and write on that repository). All or none
   * (`readContentWrites`); unset, `npm start` writes the working copy's files instead.
   */
  CONTENT_REPO: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]*\/[A-Za-z0-9._-]+$/, 'must be a GitHub repository as owner/name')
      .optional(),
  ),
  CONTENT_BRANCH: optionalText.pipe(
    z
      .string()
      .regex(/^(?!\/|.*\/$|.*\.\.)[^\s~^:?*[\\]+$/, 'is not a branch name')
      .optional(),
  ),
  CONTENT_GITHUB_TOKEN: optionalText,
  /** Sentry's DSN: unexpected errors are reported there; unset, they are only logged. */
  SENTRY_DSN: optionalUrl,
  /** The log's lowest level (pino's names), and `pretty` for lines a person reads in a terminal. */
  LOG_LEVEL: optionalText.pipe(
    z
      .enum(
        ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'],
        'must be a pino level (info, warn…)',
      )
      .default('info'),
  ),
  LOG_FORMAT: optionalText.pipe(z.enum(['json', 'pretty'], 'must be json or pretty').default('json')),
  /** Each function instance's connection pool. */
  DB_POOL_MAX: wholeNumber(1),
  DB_POOL_IDLE_MS: wholeNumber(1000),
});

/** The environment once validated, with defaults filled in. */
export type Settings = z.infer<typeof environmentSchema>;
type SettingName = keyof Settings;

const backendSchema = environmentSchema.pick({
  DATABASE_URL: true,
  SUPABASE_URL: true,
  SUPABASE_PUBLISHABLE_KEY: true,
  SUPABASE_SECRET_KEY: true,
  SUPABASE_ANON_KEY: true,
  SUPABASE_JWT_SECRET: true,
  EMBEDDED_DATA_DIR: true,
});

/**
 * A setting missing, malformed or half-set. Each of `problems` names its variable and what it should
 * look like, and never quotes a value (a value may be a secret).
 */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
  readonly problems: string[];

  constructor(problems: string | string[]) {
    const list = typeof problems === 'string' ? [problems] : problems;
    super(list.join('; '));
    this.problems = list;
  }
}

function parseEnvironment<Schema extends z.ZodType>(
  schema: Schema,
  environment: NodeJS.ProcessEnv,
): z.infer<Schema> {
  const parsed = schema.safeParse(environment);
  if (!parsed.success) {
    throw new ConfigurationError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  return parsed.data;
}

/** Every setting, validated, with its default; throws a ConfigurationError naming each bad variable. */
export function readSettings(environment: NodeJS.ProcessEnv = process.env): Settings {
  return parseEnvironment(environmentSchema, environment);
}

const logSchema = environmentSchema.pick({ LOG_LEVEL: true, LOG_FORMAT: true });

/**
 * The log's level and format, never throwing: a bad value falls back to the defaults here (the logger
 * must work to report it), and the configuration check refuses it with the rest.
 */
export function readLogSettings(environment: NodeJS.ProcessEnv = process.env) {
  const parsed = logSchema.safeParse(environment);
  return parsed.success ? parsed.data : logSchema.parse({});
}

/** Who takes payments, and with what; the stand-in's address is unset until `npm start` starts it. */
export type PaymentSettings =
  | {
      kind: 'stand-in';
      url: string | undefined;
      key: string | undefined;
      /** Whose API the stand-in is called with: Stripe's or Razorpay's. */
      shape: 'stripe' | 'razorpay';
    }
  | { kind: 'stripe'; secretKey: string; webhookSecret: string; apiUrl: string | undefined }
  | { kind: 'razorpay'; keyId: string; keySecret: string; webhookSecret: string };

/**
 * The payment provider's settings, or a ConfigurationError saying what to set when they are half-set:
 * Stripe or Razorpay without all their keys, one provider's keys beside another provider, or the
 * stand-in's address without its key.
 */
export function readPayments(environment: NodeJS.ProcessEnv = process.env): PaymentSettings {
  const env = readSettings(environment);
  const stripeKeys = [
    !env.STRIPE_SECRET_KEY && 'STRIPE_SECRET_KEY',
    !env.STRIPE_WEBHOOK_SECRET && "STRIPE_WEBHOOK_SECRET (the webhook endpoint's signing secret)",
  ].filter(Boolean);
  const razorpayKeys = [
    !env.RAZORPAY_KEY_ID && 'RAZORPAY_KEY_ID',
    !env.RAZORPAY_KEY_SECRET && 'RAZORPAY_KEY_SECRET',
    !env.RAZORPAY_WEBHOOK_SECRET &&
      "RAZORPAY_WEBHOOK_SECRET (the webhook's secret, set on Razorpay's Dashboard)",
  ].filter(Boolean);
  if (env.PAYMENT_PROVIDER === 'razorpay') {
    if (razorpayKeys.length > 0) {
      throw new ConfigurationError(
        `PAYMENT_PROVIDER=razorpay is half-configured: also set ${razorpayKeys.join(', ')}.`,
      );
    }
    if (stripeKeys.length < 2) {
      throw new ConfigurationError(
        'STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET is set but PAYMENT_PROVIDER is razorpay: unset them, or set PAYMENT_PROVIDER=stripe.',
      );
    }
    return {
      kind: 'razorpay',
      keyId: env.RAZORPAY_KEY_ID as string,
      keySecret: env.RAZORPAY_KEY_SECRET as string,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET as string,
    };
  }
  if (razorpayKeys.length < 3) {
    throw new ConfigurationError(
      `RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET or RAZORPAY_WEBHOOK_SECRET is set but PAYMENT_PROVIDER is ${env.PAYMENT_PROVIDER}: set PAYMENT_PROVIDER=razorpay to take payments with Razorpay.`,
    );
  }
  if (env.PAYMENT_PROVIDER === 'stripe') {
    if (stripeKeys.length > 0) {
      throw new ConfigurationError(
        `PAYMENT_PROVIDER=stripe is half-configured: also set ${stripeKeys.join(', ')}.`,
      );
    }
    return {
      kind: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY as string,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
      apiUrl: env.STRIPE_API_URL,
    };
  }
  if (stripeKeys.length < 2) {
    throw new ConfigurationError(
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set but PAYMENT_PROVIDER is stand-in: set PAYMENT_PROVIDER=stripe to take payments with Stripe.',
    );
  }
  if (Boolean(env.PAYMENT_STAND_IN_URL) !== Boolean(env.PAYMENT_STAND_IN_KEY)) {
    throw new ConfigurationError(
      'Set both PAYMENT_STAND_IN_URL and PAYMENT_STAND_IN_KEY, or neither (npm start sets them for the stand-in it runs).',
    );
  }
  return {
    kind: 'stand-in',
    url: env.PAYMENT_STAND_IN_URL,
    key: env.PAYMENT_STAND_IN_KEY,
    shape: env.PAYMENT_STAND_IN_SHAPE,
  };
}

/** Where the server's content changes go: a commit on GitHub, the working copy's files, or nowhere. */
export type ContentWriteSettings =
  | { kind: 'github'; repo: string; branch: string; token: string }
  | { kind: 'working-copy'; root: string }
  | { kind: 'none' };

/**
 * Where the office's content changes are written, or a ConfigurationError saying what to set when
 * CONTENT_REPO, CONTENT_BRANCH and CONTENT_GITHUB_TOKEN are half-set. Without them, the working copy
 * `npm start` names in CMS_WORKING_COPY; with neither (a deploy left without them), nowhere.
 */
export function readContentWrites(environment: NodeJS.ProcessEnv = process.env): ContentWriteSettings {
  const env = readSettings(environment);
  const github = {
    CONTENT_REPO: env.CONTENT_REPO,
    CONTENT_BRANCH: env.CONTENT_BRANCH,
    CONTENT_GITHUB_TOKEN: env.CONTENT_GITHUB_TOKEN,
  };
  const missing = Object.entries(github)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length === 0) {
    return {
      kind: 'github',
      repo: env.CONTENT_REPO as string,
      branch: env.CONTENT_BRANCH as string,
      token: env.CONTENT_GITHUB_TOKEN as string,
    };
  }
  if (missing.length < 3) {
    throw new ConfigurationError(
      `Content writes to GitHub are half-configured: also set ${missing.join(', ')} (or unset all three).`,
    );
  }
  if (env.CMS_WORKING_COPY) return { kind: 'working-copy', root: env.CMS_WORKING_COPY };
  return { kind: 'none' };
}

/** Where the editor reads the site's deploys: Netlify's API, or the stand-in in the repository. */
export type SiteDeploySettings = { kind: 'netlify'; siteId: string; token: string } | { kind: 'stand-in' };

/**
 * Netlify's deploys with NETLIFY_DEPLOYS_TOKEN (and SITE_ID, which Netlify sets), the stand-in
 * without a token; a token without a site id is a ConfigurationError saying what to set.
 */
export function readSiteDeploys(environment: NodeJS.ProcessEnv = process.env): SiteDeploySettings {
  const env = readSettings(environment);
  if (!env.NETLIFY_DEPLOYS_TOKEN) return { kind: 'stand-in' };
  if (!env.SITE_ID) {
    throw new ConfigurationError(
      "NETLIFY_DEPLOYS_TOKEN is set but SITE_ID is not: Netlify sets SITE_ID on its own functions; elsewhere set it to the site's API ID (Site configuration, General).",
    );
  }
  return { kind: 'netlify', siteId: env.SITE_ID, token: env.NETLIFY_DEPLOYS_TOKEN };
}

/**
 * Whether the site runs deployed, where the embedded defaults (the file outbox, the embedded
 * PostgreSQL, the payment stand-in) would lose mail, data or money: any of Netlify's deploy contexts
 * but `dev` (a branch deploy is as public as a preview), NODE_ENV=production, or a function on AWS
 * Lambda, where Netlify runs them: Netlify gives a function at runtime only URL, SITE_NAME and SITE_ID
 * of its read-only variables, not CONTEXT, and Lambda's runtime API address is set only there (the
 * local emulation, lambda-local, sets the handler's name and task root, never that).
 */
export function isProductionContext(environment: NodeJS.ProcessEnv = process.env): boolean {
  const context = environment.CONTEXT?.trim();
  return (
    context === 'production' ||
    context === 'deploy-preview' ||
    context === 'branch-deploy' ||
    environment.NODE_ENV?.trim() === 'production' ||
    Boolean(environment.AWS_LAMBDA_RUNTIME_API?.trim())
  );
}

/** The OWASP floor for scrypt's cost (PASSWORD_HASH_LOG_N); the tests' lower cost is refused deployed. */
const productionPasswordHashLogN = 17;

/**
 * What a production context refuses of the embedded defaults, each naming its variable and what to set.
 * Runs on settings that already passed the schema and the all-or-none rules.
 */
function findProductionProblems(settings: Settings, payments: PaymentSettings): string[] {
  const problems: string[] = [];
  if (!settings.SMTP_URL) {
    problems.push(
      'SMTP_URL: not set. A deployed site sends every email through an SMTP server ' +
        '(smtps://user:password@smtp.example.com:465); without one it would write them to the ' +
        "function's throwaway disk, where nobody reads them.",
    );
  }
  if (!settings.DATABASE_URL) {
    problems.push(
      'DATABASE_URL: not set. A deployed site needs its PostgreSQL ' +
        "(postgresql://user:password@host:6543/postgres, Supabase's transaction pooler); the embedded " +
        'one runs only under npm start.',
    );
  }
  if (payments.kind === 'stand-in') {
    problems.push(
      'PAYMENT_PROVIDER: the payment stand-in takes no money and runs only under npm start. Set ' +
        'PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY (sk_live_…) and STRIPE_WEBHOOK_SECRET (whsec_…), ' +
        'or PAYMENT_PROVIDER=razorpay with RAZORPAY_KEY_ID (rzp_live_…), RAZORPAY_KEY_SECRET and ' +
        'RAZORPAY_WEBHOOK_SECRET.',
    );
  }
  if (!settings.NETLIFY_DEPLOYS_TOKEN) {
    problems.push(
      'NETLIFY_DEPLOYS_TOKEN: not set. The content editor reads from Netlify when a save is live; ' +
        'without it the deploys stand-in would tell the office nothing true. Set a Netlify personal ' +
        'access token (User settings, Applications).',
    );
  }
  if (!settings.GUEST_DETAILS_KEY) {
    problems.push(
      "GUEST_DETAILS_KEY: not set. The guests' passport and visa details are sealed with it: 32 bytes " +
        'in base64 (openssl rand -base64 32), kept outside the database.',
    );
  }
  if (settings.PASSWORD_HASH_LOG_N < productionPasswordHashLogN) {
    problems.push(
      `PASSWORD_HASH_LOG_N: below ${productionPasswordHashLogN}, the cost the tests lower for speed; ` +
        "unset it (the default is OWASP's floor) or set 17 or more.",
    );
  }
  if (settings.CALENDAR_FEEDS_ALLOW_LOOPBACK === '1') {
    problems.push(
      'CALENDAR_FEEDS_ALLOW_LOOPBACK: 1 lets a feed address reach this machine itself (tests only); ' +
        'unset it.',
    );
  }
  return problems;
}

/**
 * Every problem with the environment, each naming its variable and what it should look like (never its
 * value): the schema's, the all-or-none rules of the backend, payments and content writes, and, in a
 * production context, the embedded defaults it refuses. Empty when the configuration is whole.
 */
export function findConfigurationProblems(environment: NodeJS.ProcessEnv = process.env): string[] {
  const problemsOf = (read: () => unknown): string[] => {
    try {
      read();
      return [];
    } catch (error) {
      if (error instanceof ConfigurationError) return error.problems;
      throw error;
    }
  };
  const schemaProblems = problemsOf(() => readSettings(environment));
  // The rules below read the settings through the schema: they would repeat its problems.
  if (schemaProblems.length > 0) return schemaProblems;
  const problems = [
    ...problemsOf(() => readBackend(environment)),
    ...problemsOf(() => readPayments(environment)),
    ...problemsOf(() => readContentWrites(environment)),
    ...problemsOf(() => readSiteDeploys(environment)),
  ];
  if (problems.length > 0 || !isProductionContext(environment)) return problems;
  return findProductionProblems(readSettings(environment), readPayments(environment));
}

/**
 * Validates the whole environment, the backend's all-or-none rules and a production context's refusals
 * included, so a command or a function that starts the site fails at once with what to set rather than
 * on the first request that needs a setting. Throws a ConfigurationError listing every problem.
 */
export function checkEnvironment(environment: NodeJS.ProcessEnv = process.env): Settings {
  const problems = findConfigurationProblems(environment);
  if (problems.length > 0) throw new ConfigurationError(problems);
  return readSettings(environment);
}

/**
 * Chooses the backend from the environment, or explains exactly what to set when it is half-configured.
 * No settings at all means the embedded PostgreSQL under `.data/postgres`.
 */
export function readBackend(environment: NodeJS.ProcessEnv = process.env): Backend {
  const env = parseEnvironment(backendSchema, environment);
  const supabaseSettings = [
    env.SUPABASE_URL,
    env.SUPABASE_PUBLISHABLE_KEY,
    env.SUPABASE_SECRET_KEY,
    env.SUPABASE_ANON_KEY,
    env.SUPABASE_JWT_SECRET,
  ];
  if (supabaseSettings.some(Boolean)) {
    // Supabase's API keys come in two generations: publishable + secret, or the legacy anon key.
    if (env.SUPABASE_PUBLISHABLE_KEY && env.SUPABASE_ANON_KEY) {
      throw new ConfigurationError(
        'Set one API key: SUPABASE_PUBLISHABLE_KEY, or the legacy SUPABASE_ANON_KEY, not both.',
      );
    }
    if (env.SUPABASE_SECRET_KEY && env.SUPABASE_ANON_KEY) {
      throw new ConfigurationError(
        'SUPABASE_SECRET_KEY goes with the new API keys: set SUPABASE_PUBLISHABLE_KEY instead of SUPABASE_ANON_KEY.',
      );
    }
    const apiKey = env.SUPABASE_PUBLISHABLE_KEY ?? env.SUPABASE_ANON_KEY;
    const missing = [
      !env.SUPABASE_URL && 'SUPABASE_URL',
      !apiKey && 'SUPABASE_PUBLISHABLE_KEY (or the legacy SUPABASE_ANON_KEY)',
      !env.DATABASE_URL && "DATABASE_URL (Supabase's transaction pooler connection string)",
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigurationError(`Supabase is half-configured: also set ${missing.join(', ')}.`);
    }
    return {
      kind: 'supabase',
      databaseUrl: env.DATABASE_URL as string,
      supabaseUrl: env.SUPABASE_URL as string,
      apiKey: apiKey as string,
      secretKey: env.SUPABASE_SECRET_KEY,
      jwtSecret: env.SUPABASE_JWT_SECRET,
    };
  }
  if (env.DATABASE_URL) return { kind: 'postgres', databaseUrl: env.DATABASE_URL };
  return { kind: 'embedded', dataDir: env.EMBEDDED_DATA_DIR ?? '.data/postgres' };
}

/** The connection string the functions use; the start scripts set it for the embedded backend. */
export function readDatabaseUrl(environment: NodeJS.ProcessEnv = process.env): string {
  const url = environment.DATABASE_URL?.trim();
  if (!url) {
    throw new ConfigurationError(
      'DATABASE_URL is not set. Start the site with `npm start` (embedded database) or set DATABASE_URL.',
    );
  }
  return url;
}

/**
 * A whole number from 0 from the environment, or `fallback` when unset. A setting the schema declares is
 * read by the schema (with its own default when `fallback` is not given); any other name, such as a
 * benchmark's, by the same rule.
 */
export function readLimit(
  name: string,
  fallback: number,
  environment: NodeJS.ProcessEnv = process.env,
): number {
  const declared = name in environmentSchema.shape ? (name as SettingName) : undefined;
  const field = declared ? environmentSchema.shape[declared] : wholeNumber(fallback);
  const parsed = z.object({ [name]: field }).safeParse({ [name]: environment[name] || String(fallback) });
  if (!parsed.success || typeof parsed.data[name] !== 'number') {
    throw new ConfigurationError(`${name} must be a whole number`);
  }
  return parsed.data[name];
}

/**
 * The site's own address, for links in emails. Never taken from a request's Host header, which a caller
 * controls (a reset link pointing at another site would hand it the token). Netlify sets URL; `npm start`
 * sets it to the local address.
 */
export function siteUrl(environment: NodeJS.ProcessEnv = process.env): string {
  const configured = environment.URL?.trim() || environment.SITE_URL?.trim() || 'http://localhost:8888';
  return new URL(configured).origin;
}

/** A URL's scheme, host and port, without its user, password, path or query. */
function describeAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/**
 * What a whole configuration runs on, one line a backend, for `npm run config:check`: hosts and kinds,
 * never a key, a password or a token. Call it after `checkEnvironment` passed.
 */
export function describeConfiguration(environment: NodeJS.ProcessEnv = process.env): string[] {
  const settings = readSettings(environment);
  const backend = readBackend(environment);
  const payments = readPayments(environment);
  const content = readContentWrites(environment);
  const context = isProductionContext(environment)
    ? `production (${settings.CONTEXT ?? (settings.NODE_ENV === 'production' ? 'NODE_ENV=production' : 'on AWS Lambda')})`
    : `local (${settings.CONTEXT ?? 'no CONTEXT'}): the embedded defaults are allowed`;
  const database =
    backend.kind === 'embedded'
      ? `the embedded PostgreSQL in ${backend.dataDir}`
      : `${backend.kind === 'supabase' ? 'Supabase ' : ''}PostgreSQL at ${describeAddress(backend.databaseUrl)}`;
  const auth =
    backend.kind === 'supabase'
      ? `Supabase Auth at ${describeAddress(backend.supabaseUrl)} (${backend.secretKey ? 'publishable and secret keys' : 'legacy anon key'})`
      : 'the embedded auth, on the database';
  const mail = settings.SMTP_URL
    ? `SMTP at ${describeAddress(settings.SMTP_URL)}, from ${settings.EMAIL_FROM ?? 'the default sender'}`
    : `the local outbox folder ${settings.OUTBOX_DIR ?? '.data/outbox'} (nothing is sent)`;
  const paymentLine =
    payments.kind === 'stripe'
      ? `Stripe (${payments.secretKey.includes('_live_') ? 'live' : 'test'} key), webhook secret set${payments.apiUrl ? `, its API at ${describeAddress(payments.apiUrl)} (STRIPE_API_URL: a rehearsal's)` : ''}`
      : payments.kind === 'razorpay'
        ? `Razorpay (${payments.keyId.startsWith('rzp_live_') ? 'live' : 'test'} key), webhook secret set`
        : 'the payment stand-in (npm start runs it; no money moves)';
  const contentLine =
    content.kind === 'github'
      ? `commits to ${content.repo} on ${content.branch}`
      : content.kind === 'working-copy'
        ? `the working copy in ${content.root}`
        : 'nowhere (the office cannot mark a home sold from the dashboard)';
  const oldKeys = settings.GUEST_DETAILS_OLD_KEYS?.split(',').length ?? 0;
  return [
    `Context: ${context}`,
    `Database: ${database}`,
    `Accounts: ${auth}`,
    `Mail: ${mail}`,
    `Payments: ${paymentLine}`,
    `Content writes: ${contentLine}`,
    `Guest details key: ${settings.GUEST_DETAILS_KEY ? `set${oldKeys ? `, with ${oldKeys} older key(s)` : ''}` : 'not set (npm start makes a local one)'}`,
    `Error reports: ${settings.SENTRY_DSN ? `Sentry at ${new URL(settings.SENTRY_DSN).host}` : 'the log only (SENTRY_DSN not set)'}`,
  ];
}
