/** The CampusCollab client SDK: see packages/sdk/README.md. */
export const SDK_VERSION = '0.1.0';

export { createClient, type CampusClient, type ClientOptions } from './create-client';

export {
  isAbortError,
  SdkError,
  SdkErrorCode,
  SdkErrorKind,
  SdkMessage,
  type SdkErrorInit,
} from './errors/sdk-error';
export { errorFromBody, errorFromResponse, readErrorMessage } from './errors/error-from-response';
export { unwrap, type Result } from './http/result';
export type { FetchFunction } from './http/authorized-fetch';

export type { AuthChange, AuthChangeListener, AuthState } from './auth/auth-state';
export type { AuthClient, SignInData } from './auth/auth-client';
export type { VerifyEmailData } from './auth/email-link-auth';
export type { ChannelFactory, ChannelLike, LockManagerLike } from './auth/channel';
export type { ParentMessage } from './auth/parent-frame';
export { isAccessTokenExpired, type TokenStorage } from './auth/session-tokens';

export {
  convertKeysToCamelCase,
  convertKeysToSnakeCase,
  convertToCamelCase,
  convertToSnakeCase,
} from './case/convert-case';

export { FilterBuilder, type WhereOperators } from './tables/filter-builder';
export { quoteFilterValue } from './tables/quote-filter-value';
export type { ListOptions, ListResult, OrderTerm, TableClient } from './tables/table-client';
export type { Tables } from './tables/tables';
export type {
  ApplicationRecord,
  MessageRecord,
  BlockRecord,
  ProjectRecord,
  RecordInput,
  TableRecords,
  UserRecord,
} from './tables/table-types';

export type { StorageClient, UploadOptions, UploadResult } from './storage/storage-client';
export type { UploadProgress, XhrConstructor } from './storage/upload-request';

export type { RealtimeClient } from './realtime/realtime-client';
export type { RealtimeChannel } from './realtime/realtime-channel';
export type { PresenceEvent, PresenceMember, RealtimeMessage } from '@campuscollab/shared/core';
export type {
  RealtimeStatus,
  WebSocketConstructor,
  WebSocketLike,
} from './realtime/realtime-types';
export { computeReconnectDelay } from './realtime/backoff';

export type { AnalyticsClient, AnalyticsEvent } from './analytics/analytics-client';
export type { NotificationsClient, EmailInput } from './notifications/notifications-client';
export type { SafetyClient, ReportInput, StoredReport } from './safety/safety-client';
export type {
  AiClient,
  AiMessage,
  AiModels,
  AiStatus,
  CallOptions,
  GenerateImageInput,
  GenerateObjectInput,
  GenerateSpeechInput,
  GenerateTextInput,
  TranscribeInput,
  TranscribeOptions,
} from './ai/ai-client';
export { checkImageUrls, ImageUrlMessage } from './ai/image-urls';
export type { StreamOptions } from './ai/stream-request';
export type {
  DataCallOptions,
  DataClient,
  ExtractFromBlobOutput,
  ExtractFromUrlInput,
  ExtractFromUrlOutput,
  FetchInput,
  FetchOutput,
  ScrapeInput,
  ScrapeOutput,
  ScreenshotInput,
  SearchInput,
  SearchOutput,
} from './data/data-client';
export type {
  MatchingClient,
  MatchQuery,
  MatchScope,
  Recommended,
  RecommendationPage,
} from './matching/matching-client';
export type { TeamsClient } from './teams/teams-client';
