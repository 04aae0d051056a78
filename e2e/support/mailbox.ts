import { expect } from '@playwright/test';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Reads the emails the SMTP sink received (see mail-sink.ts). */
export async function listEmails(to: string): Promise<ReceivedEmail[]> {
  const response = await fetch(`${process.env.E2E_MAIL_URL}/?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { emails: ReceivedEmail[] }).emails;
}

/**
 * Waits for the `count`-th email to an address (1 = the first) whose subject contains `subject`
 * (any subject by default) and returns it.
 */
export async function waitForEmail(to: string, count = 1, subject = ''): Promise<ReceivedEmail> {
  let emails: ReceivedEmail[] = [];
  const matching = async () =>
    (emails = (await listEmails(to)).filter((email) => email.subject.includes(subject))).length;
  await expect.poll(matching, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return emails[count - 1]!;
}

export function firstLink(email: ReceivedEmail): string {
  const match = /https?:\/\/\S+/.exec(email.text);
  if (!match) throw new Error(`no link in "${email.subject}"`);
  return match[0];
}
