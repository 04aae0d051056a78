import { createValidationError, SdkErrorKind } from '../errors/sdk-error';
import type { ApiClient } from '../http/api-client';
import { fail, type Result } from '../http/result';

export interface EmailInput {
  /** One plain address (the server takes no lists or display names). */
  to: string;
  subject: string;
  html?: string;
  text?: string;
}

/** Notifications (docs/product.md §7.5): POST /api/notifications/{project}/email. */
export function createNotificationsClient(deps: { api: ApiClient; projectId: string }) {
  return {
    /**
     * Sends an email. A signed-in student may write only to their own address (the server
     * refuses others with 403 NOTIFICATIONS_ERROR). docs/product.md §8.5: `to`, `subject`, and
     * `html` or `text` are required; checked before sending.
     */
    async sendEmail(input: EmailInput): Promise<Result<{ sent: boolean }>> {
      if (!input.to || !input.subject || !(input.html || input.text)) {
        return fail(
          createValidationError('Email notifications need to, subject, and html or text'),
        );
      }
      return deps.api.request({
        method: 'POST',
        path: `/api/notifications/${encodeURIComponent(deps.projectId)}/email`,
        body: input,
        auth: 'required',
        kind: SdkErrorKind.notifications,
      });
    },
  };
}

export type NotificationsClient = ReturnType<typeof createNotificationsClient>;
