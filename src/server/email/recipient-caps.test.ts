import { describe, expect, it } from 'vitest';
import { mailboxOf } from './recipient-caps.ts';

describe('mailboxOf: the inbox an address reaches, as the caps count it', () => {
  it.each([
    ['asha@example.com', 'asha@example.com'],
    ['  Asha@Example.COM ', 'asha@example.com'],
    ['asha+villas@example.com', 'asha@example.com'],
    ['asha+villas+more@example.com', 'asha@example.com'],
    ['asha.menon@example.com', 'asha.menon@example.com'],
    ['Asha.Menon+x@GMail.com', 'ashamenon@gmail.com'],
    ['a.s.h.a@googlemail.com', 'asha@gmail.com'],
    ['asha@example.com.', 'asha@example.com'],
    // A local part that is only a tag is kept whole rather than emptied.
    ['+tag@example.com', '+tag@example.com'],
    ['...@gmail.com', '...@gmail.com'],
    ['not-an-address', 'not-an-address'],
  ])('%j → %s', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });
});
