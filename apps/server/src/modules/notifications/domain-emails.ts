import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { ApplicationsTable, Database, MessagesTable } from '../../db/schema';
import type { Email, Mailer } from '../../lib/mailer';
import type { DomainEventMap, DomainEvents } from '../../plugins/events';
import { applicationDecisionEmail, newApplicationEmail, newMessageEmail } from './emails';
import { findNotificationRecipient, findProfileName, findProjectTitle } from './recipients';

export interface DomainEmailContext {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Spec section 3: a sender without a profile is shown generically. */
const UNKNOWN_STUDENT = 'A student';
const DECIDED = new Set(['Accepted', 'Declined']);

function pageLink(publicUrl: string, page: 'messages' | 'dashboard'): string {
  const url = new URL('/', publicUrl);
  url.searchParams.set('page', page);
  return url.toString();
}

async function composeMessageEmail(
  context: DomainEmailContext,
  message: Selectable<MessagesTable>,
): Promise<Email | null> {
  // A note to oneself needs no email about it.
  if (message.sender_id === message.recipient_id) return null;
  const recipient = await findNotificationRecipient(
    context.db,
    message.recipient_id,
    'email_notifications',
  );
  if (!recipient?.wantsEmail) return null;
  return newMessageEmail({
    to: recipient.email,
    senderName: (await findProfileName(context.db, message.sender_id)) ?? UNKNOWN_STUDENT,
    subject: message.subject,
    message: message.message,
    link: pageLink(context.publicUrl, 'messages'),
  });
}

async function composeApplicationEmail(
  context: DomainEmailContext,
  { application, projectOwnerId }: DomainEventMap['application.created'],
): Promise<Email | null> {
  const owner = await findNotificationRecipient(
    context.db,
    projectOwnerId,
    'project_notifications',
  );
  if (!owner?.wantsEmail) return null;
  return newApplicationEmail({
    to: owner.email,
    applicantName: (await findProfileName(context.db, application.applicant_id)) ?? UNKNOWN_STUDENT,
    projectTitle: (await findProjectTitle(context.db, application.project_id)) ?? 'your project',
    link: pageLink(context.publicUrl, 'dashboard'),
  });
}

async function composeDecisionEmail(
  context: DomainEmailContext,
  application: Selectable<ApplicationsTable>,
  previousStatus: string,
): Promise<Email | null> {
  // Only a real change to a decision is news; re-saving the same status is not.
  if (application.status === previousStatus || !DECIDED.has(application.status)) return null;
  const applicant = await findNotificationRecipient(
    context.db,
    application.applicant_id,
    'collaboration_notifications',
  );
  if (!applicant?.wantsEmail) return null;
  return applicationDecisionEmail({
    to: applicant.email,
    projectTitle: (await findProjectTitle(context.db, application.project_id)) ?? 'a project',
    accepted: application.status === 'Accepted',
    link: pageLink(context.publicUrl, 'dashboard'),
  });
}

/**
 * The change that caused the event is already committed, so a failed email is logged here and
 * never reaches the student who sent the message or the application.
 */
async function deliverEmail(
  context: DomainEmailContext,
  event: keyof DomainEventMap,
  compose: () => Promise<Email | null>,
): Promise<void> {
  try {
    const email = await compose();
    if (email) await context.mailer.send(email);
  } catch (error) {
    context.log.error({ err: error, event }, 'notification email failed');
  }
}

/** Emails students about new messages, applications and decisions; returns the unsubscriber. */
export function subscribeDomainEmails(events: DomainEvents, context: DomainEmailContext) {
  const unsubscribers = [
    events.on('message.created', ({ message }) =>
      deliverEmail(context, 'message.created', () => composeMessageEmail(context, message)),
    ),
    events.on('application.created', (payload) =>
      deliverEmail(context, 'application.created', () => composeApplicationEmail(context, payload)),
    ),
    events.on('application.updated', ({ application, previousStatus }) =>
      deliverEmail(context, 'application.updated', () =>
        composeDecisionEmail(context, application, previousStatus),
      ),
    ),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
