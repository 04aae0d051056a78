/**
 * The zod-free part of the shared package: constants, error codes, the school-email rule, the
 * wire types and the table definitions. The SDK imports only this, so the browser's first load
 * carries no schemas.
 */
export * from './ai';
export * from './constants';
export * from './error-codes';
export * from './realtime-frames';
export * from './safety-constants';
export * from './school-email';
export * from './tables';
export * from './team-types';
export * from './types';
