import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { CompiledQueries } from '../../db/compiled-queries/compiled-queries';
import type { ApplicationsTable, MessagesTable } from '../../db/schema';
import type { Email, Mailer } from '../../lib/mailer';
import { createInProcessCounters, type WindowCounters } from '../../lib/window-counters';
import type { DomainEventMap, DomainEvents } from '../../plugins/events';
import {
  applicationDecisionEmail,
  newApplicationEmail,
  newMessageEmail,
} from '../email/notification-emails';
import { placeInBurst, type EmailBurst } from './email-bursts';
import {
  findApplicationEmailFacts,
  findDecisionEmailFacts,
  findMessageEmailFacts,
} from './recipients';

export interface DomainEmailContext {
  /** The database's compiled queries, which the recipients' lookups run as. */
  queries: CompiledQueries;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Counts each sender's emails to each recipient (email-bursts.ts); in-process unless given. */
  counters?: WindowCounters;
}

const DECIDED = new Set(['Accepted', 'Declined']);

function pageLink(publicUrl: string, page: 'messages' | 'dashboard'): string {
  const url = new URL('/', publicUrl);
  url.searchParams.set('page', page);
  return url.toString();
}

async function composeMessageEmail(
  context: DomainEmailContext,
  message: Selectable<MessagesTable>,
  lastOfBurst: boolean,
): Promise<Email | null> {
  const facts = await findMessageEmailFacts(context.queries, {
    recipientId: message.recipient_id,
    senderId: message.sender_id,
  });
  if (!facts?.wantsEmail) return null;
  return newMessageEmail({
    to: facts.email,
    senderName: facts.profileName,
    subject: message.subject,
    message: message.message,
    link: pageLink(context.publicUrl, 'messages'),
    lastOfBurst,
  });
}

async function composeApplicationEmail(
  context: DomainEmailContext,
  { application, projectOwnerId }: DomainEventMap['application.created'],
  lastOfBurst: boolean,
): Promise<Email | null> {
  const facts = await findApplicationEmailFacts(context.queries, {
    ownerId: projectOwnerId,
    applicantId: application.applicant_id,
    projectId: application.project_id,
  });
  if (!facts?.wantsEmail) return null;
  return newApplicationEmail({
    to: facts.email,
    applicantName: facts.profileName,
    projectTitle: facts.projectTitle,
    link: pageLink(context.publicUrl, 'dashboard'),
    lastOfBurst,
  });
}

async function composeDecisionEmail(
  context: DomainEmailContext,
  application: Selectable<ApplicationsTable>,
  lastOfBurst: boolean,
): Promise<Email | null> {
  const facts = await findDecisionEmailFacts(context.queries, {
    applicantId: application.applicant_id,
    projectId: application.project_id,
  });
  if (!facts?.wantsEmail) return null;
  return applicationDecisionEmail({
    to: facts.email,
    projectTitle: facts.projectTitle,
    accepted: application.status === 'Accepted',
    link: pageLink(context.publicUrl, 'dashboard'),
    lastOfBurst,
  });
}

/**
 * The change that caused the event is already committed, so a failed email is logged here and
 * never reaches the student who sent the message or the application. An email past the first
 * few of its sender's burst is not sent (email-bursts.ts).
 */
async function deliverEmail(
  context: DomainEmailContext & { counters: WindowCounters },
  event: keyof DomainEventMap,
  burst: EmailBurst,
  compose: (lastOfBurst: boolean) => Promise<Email | null>,
): Promise<void> {
  // A note to oneself needs no email about it.
  if (burst.senderId === burst.recipientId) return;
  try {
    const place = await placeInBurst(context.counters, burst);
    if (place === 'over') return;
    const email = await compose(place === 'last');
    if (email) await context.mailer.send(email);
  } catch (error) {
    context.log.error({ err: error, event }, 'notification email failed');
  }
}

/** Emails students about new messages, applications and decisions; returns the unsubscriber. */
export function subscribeDomainEmails(events: DomainEvents, options: DomainEmailContext) {
  const context = { ...options, counters: options.counters ?? createInProcessCounters() };
  const unsubscribers = [
    events.on('message.created', ({ message }) =>
      deliverEmail(
        context,
        'message.created',
        { kind: 'message', senderId: message.sender_id, recipientId: message.recipient_id },
        (last) => composeMessageEmail(context, message, last),
      ),
    ),
    events.on('application.created', (payload) =>
      deliverEmail(
        context,
        'application.created',
        {
          kind: 'application',
          senderId: payload.application.applicant_id,
          recipientId: payload.projectOwnerId,
        },
        (last) => composeApplicationEmail(context, payload, last),
      ),
    ),
    events.on('application.updated', ({ application, previousStatus }) => {
      // Only a real change to a decision is news; re-saving the same status is not.
      if (application.status === previousStatus || !DECIDED.has(application.status)) return;
      // The project stands for its owner, who made the decision.
      const burst: EmailBurst = {
        kind: 'decision',
        senderId: `project:${application.project_id}`,
        recipientId: application.applicant_id,
      };
      return deliverEmail(context, 'application.updated', burst, (last) =>
        composeDecisionEmail(context, application, last),
      );
    }),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
