/**
 * The zod-free part of the shared package: constants, error codes, the school-email rule and
 * the wire types. The SDK imports only this, so the browser's first load carries no schemas.
 */
export * from './constants';
export * from './error-codes';
export * from './school-email';
export * from './types';
