import { isProductionContext, readPayments, readSettings } from './config.ts';
import { anonymous, serviceRole, withCaller } from './db/database.ts';

/** Each part the site needs, and whether it is doing its work; never a host, a key or an address. */
export type Health = {
  status: 'ok' | 'degraded';
  /** Which parts are not doing their work: the ones below that are not `up`/`sending`/`configured`. */
  degraded: ('database' | 'mail' | 'payments')[];
  database: 'up' | 'down';
  databaseLatencyMs?: number;
  /**
   * `sending` through SMTP; `outbox-folder` when emails are only written to a folder (the embedded
   * default, degraded in a production context); `failing` when emails failed for good in the last
   * day or are an hour overdue; `unknown` when the database is down.
   */
  mail: 'sending' | 'outbox-folder' | 'failing' | 'unknown';
  /** `configured` (Stripe or Razorpay, or the stand-in npm start runs), `stand-in` deployed, `none`. */
  payments: 'configured' | 'stand-in' | 'none';
};

/** Emails that failed for good in the last day, or are still pending an hour past their due time. */
async function countStuckEmails(): Promise<number> {
  const [row] = await withCaller(serviceRole, (tx) =>
    tx.query<{ stuck: number }>(
      `select count(*)::int as stuck from public.email_outbox
       where (status = 'failed' and created_at > now() - interval '1 day')
          or (status = 'pending' and next_attempt_at < now() - interval '1 hour')`,
    ),
  );
  return row?.stuck ?? 0;
}

function judgePayments(environment: NodeJS.ProcessEnv): Health['payments'] {
  try {
    const payments = readPayments(environment);
    if (payments.kind !== 'stand-in') return 'configured';
    if (isProductionContext(environment)) return 'stand-in';
    return payments.url ? 'configured' : 'none';
  } catch {
    return 'none';
  }
}

/**
 * Whether the app's database runs a query (and how long one took), whether mail goes out, and whether
 * payments have a provider. `ok` only when all three do their work.
 */
export async function checkHealth(environment: NodeJS.ProcessEnv = process.env): Promise<Health> {
  const started = performance.now();
  let database: Health['database'] = 'up';
  let databaseLatencyMs: number | undefined;
  let stuck = 0;
  try {
    await withCaller(anonymous, (tx) => tx.query('select 1'));
    databaseLatencyMs = Math.round(performance.now() - started);
    stuck = await countStuckEmails();
  } catch {
    database = 'down';
  }
  const smtp = Boolean(readSettings(environment).SMTP_URL);
  const mail: Health['mail'] =
    database === 'down' ? 'unknown' : stuck > 0 ? 'failing' : smtp ? 'sending' : 'outbox-folder';
  const payments = judgePayments(environment);
  const degraded: Health['degraded'] = [];
  if (database === 'down') degraded.push('database');
  if (mail === 'failing' || (mail === 'outbox-folder' && isProductionContext(environment)))
    degraded.push('mail');
  if (payments !== 'configured') degraded.push('payments');
  return {
    status: degraded.length === 0 ? 'ok' : 'degraded',
    degraded,
    database,
    ...(databaseLatencyMs === undefined ? {} : { databaseLatencyMs }),
    mail,
    payments,
  };
}
