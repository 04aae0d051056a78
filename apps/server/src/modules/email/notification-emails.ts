import type { Email } from '../../lib/mailer';
import { composeEmail, PRODUCT } from './layout';

/**
 * The emails about a new message, a new application and a decision (docs/product.md §7.6). Who
 * gets them, and how many in a burst, is decided in modules/notifications; this file only says
 * what they read.
 */

const PREVIEW_MAX = 200;
const FOOTNOTE = 'You can turn these emails off in Settings, under Notification preferences.';
/** docs/product.md §3: a sender without a profile is shown generically. */
const UNKNOWN_STUDENT = 'A student';

/** Names and titles come from other students: one line each, so they cannot reshape a header. */
function toOneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** A short look at the message, like the app's cards (docs/product.md §2.14); the app has all. */
function previewOf(message: string): string {
  const flat = toOneLine(message);
  return flat.length > PREVIEW_MAX ? `${flat.slice(0, PREVIEW_MAX - 1)}…` : flat;
}

/**
 * The last email of a burst from one sender says why the next ones will not come
 * (modules/notifications/email-bursts.ts), so a quiet mailbox is not mistaken for a quiet sender.
 */
const burstNote = (lastOfBurst: boolean | undefined, note: string) => (lastOfBurst ? [note] : []);

export function newMessageEmail(input: {
  to: string;
  /** The sender's profile name, or null when they have no profile yet. */
  senderName: string | null;
  subject: string;
  message: string;
  link: string;
  lastOfBurst?: boolean;
}): Email {
  const sender = toOneLine(input.senderName ?? UNKNOWN_STUDENT);
  return composeEmail({
    to: input.to,
    subject: `New message from ${sender} on ${PRODUCT}`,
    paragraphs: [
      `${sender} sent you a message.`,
      `Subject: ${toOneLine(input.subject)}`,
      `"${previewOf(input.message)}"`,
      ...burstNote(
        input.lastOfBurst,
        `${sender} has written to you several times in a few minutes. More messages from ${sender} will wait in your inbox for the next few minutes, without an email.`,
      ),
    ],
    action: { label: 'Read it in Messages', url: input.link },
    footnote: FOOTNOTE,
  });
}

export function newApplicationEmail(input: {
  to: string;
  /** The applicant's profile name, or null when they have no profile yet. */
  applicantName: string | null;
  /** The project's title, or null when the project is gone. */
  projectTitle: string | null;
  link: string;
  lastOfBurst?: boolean;
}): Email {
  const applicant = toOneLine(input.applicantName ?? UNKNOWN_STUDENT);
  const title = toOneLine(input.projectTitle ?? 'your project');
  return composeEmail({
    to: input.to,
    subject: `${applicant} applied to join "${title}"`,
    paragraphs: [
      `${applicant} applied to join your project "${title}" on ${PRODUCT}.`,
      'Review the application on your dashboard to accept or decline it.',
      ...burstNote(
        input.lastOfBurst,
        `More applications from ${applicant} will show on your dashboard for the next few minutes, without an email.`,
      ),
    ],
    action: { label: 'Open your dashboard', url: input.link },
    footnote: FOOTNOTE,
  });
}

export function applicationDecisionEmail(input: {
  to: string;
  /** The project's title, or null when the project is gone. */
  projectTitle: string | null;
  accepted: boolean;
  link: string;
  lastOfBurst?: boolean;
}): Email {
  const title = toOneLine(input.projectTitle ?? 'a project');
  const outcome = input.accepted ? 'accepted' : 'declined';
  const next = input.accepted
    ? 'Congratulations! Reach out to the project owner through Messages to get started.'
    : 'Keep exploring: there are more open projects looking for collaborators.';
  return composeEmail({
    to: input.to,
    subject: `Your application to "${title}" was ${outcome}`,
    paragraphs: [
      `Your application to join "${title}" on ${PRODUCT} was ${outcome}.`,
      next,
      ...burstNote(
        input.lastOfBurst,
        `More changes to this application will show on your dashboard for the next few minutes, without an email.`,
      ),
    ],
    action: { label: 'Open your dashboard', url: input.link },
    footnote: FOOTNOTE,
  });
}
