export * from './auth';
export * from './core';
export * from './fields';
export * from './messages';
export * from './profile';
export * from './projects';
export * from './tables/schemas';
export * from './teams';
