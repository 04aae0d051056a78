import { formatTeamChannel } from '@campuscollab/shared';
import type { AppClusterBus } from '../../plugins/cluster';
import type { DomainEvents } from '../../plugins/events';
import { formatUserChannel } from './channels';
import { CloseCode } from './protocol';
import type { RealtimeService } from './service';

/**
 * Turns domain events into messages on the concerned student's private channel (docs/product.md
 * §4.15), stored in history like any other so a reconnecting tab catches up. Payloads carry
 * what a badge or a toast needs, never a message body: the client reads that through the
 * database API, where the access policies apply.
 */
export function forwardDomainEvents(
  events: DomainEvents,
  service: RealtimeService,
  cluster: AppClusterBus,
): () => void {
  const publish = (accountId: string, event: string, payload: Record<string, unknown>) =>
    service.publishMessage({
      channel: formatUserChannel(accountId),
      event,
      payload,
      senderId: null,
    });

  const unsubscribers = [
    events.on('message.created', async ({ message }) => {
      await publish(message.recipient_id, 'message.created', {
        id: message.id,
        senderId: message.sender_id,
        subject: message.subject,
        createdAt: message.created_at,
      });
    }),
    events.on('application.created', async ({ application, projectOwnerId }) => {
      await publish(projectOwnerId, 'application.created', {
        id: application.id,
        projectId: application.project_id,
        applicantId: application.applicant_id,
        status: application.status,
        createdAt: application.created_at,
      });
    }),
    events.on('application.updated', async ({ application, previousStatus }) => {
      await publish(application.applicant_id, 'application.updated', {
        id: application.id,
        projectId: application.project_id,
        status: application.status,
        previousStatus,
        updatedAt: application.updated_at,
      });
    }),
    events.on('account.deleted', async ({ accountId }) => {
      // A still-valid access token must not keep a deleted account listening.
      service.sockets.closeSignedInSockets(
        { accountId, sessionIds: null },
        CloseCode.unauthorized,
        'Account deleted',
      );
      await service.history.deleteAccountMessages(accountId);
    }),
    events.on('team.access.ended', async ({ projectId, userId, reason }) => {
      // Here first, then every other instance, before the leave or remove is answered: no
      // further team message reaches the student's open sockets.
      const channel = formatTeamChannel(projectId);
      service.sockets.endChannelAccess(userId, channel);
      await cluster.publish('realtime.access.ended', { accountId: userId, channel });
      // Their own tabs learn it on their private channel, to leave the team space.
      await publish(userId, 'team.access.ended', { projectId, reason });
    }),
    events.on('sessions.ended', (ended) => {
      service.sockets.closeSignedInSockets(ended, CloseCode.unauthorized, 'Session ended');
    }),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
