/**
 * `npm run outbox`: the emails the site has "sent" while no SMTP server is configured (embedded mode):
 * confirmation and reset links, booking notifications and receipts. Newest last. `--all` prints every
 * message in full; by default the last 5 are shown.
 */
import { outboxDirectory } from '../src/server/email/email.ts';
import { readOutbox } from '../src/server/email/outbox.ts';

const directory = outboxDirectory();
const messages = await readOutbox(directory);
if (messages.length === 0) {
  console.log(`The outbox is empty (${directory}).`);
  process.exit(0);
}
const shown = process.argv.includes('--all') ? messages : messages.slice(-5);
for (const message of shown) {
  console.log(`── ${message.date}  to ${message.to}\n   ${message.subject}\n`);
  console.log(message.text.replace(/^/gm, '   '));
  for (const attachment of message.attachments) {
    console.log(
      `   📎 ${attachment.filename} (${attachment.contentType}, ${attachment.content.length} characters)`,
    );
  }
}
console.log(`${messages.length} message(s) in ${directory}; showing ${shown.length}.`);
