export * from './errors.js';
export * from './constants.js';
export * from './format.js';
export * from './period.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/user.js';
export * from './schemas/site.js';
