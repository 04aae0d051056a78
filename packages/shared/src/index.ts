export * from './auth';
export * from './constants';
export * from './error-codes';
export * from './school-email';
