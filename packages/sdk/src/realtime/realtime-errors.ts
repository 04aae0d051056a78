import { SdkError, SdkErrorKind } from '../errors/sdk-error';

// The status an HTTP call would have had for each error frame code (docs/realtime-protocol.md).
const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  INVALID_TOKEN: 401,
  FORBIDDEN: 403,
  PAYLOAD_TOO_LARGE: 413,
  LIMIT_EXCEEDED: 429,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
};

/** docs/product.md §8.5: realtime failures are REALTIME_ERROR, with the server's code kept. */
export function createRealtimeError(message: string, code?: string): SdkError {
  return new SdkError({
    kind: SdkErrorKind.realtime,
    status: code ? (STATUS_BY_CODE[code] ?? 0) : 0,
    message,
    code,
  });
}

/** Timeouts and connection failures have no answer to read: status 0. */
export const RealtimeMessageText = {
  connectTimeout: 'Connection timeout',
  subscribeTimeout: 'Subscribe timeout',
  sendTimeout: 'Send timeout',
  connectionClosed: 'Connection closed',
  heartbeatTimeout: 'Heartbeat timeout',
  frameTooLarge: 'Message too large',
  notConnected: 'Realtime is not available (no WebSocket implementation)',
} as const;
