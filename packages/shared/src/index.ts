export * from './api.js';
export * from './constants.js';
export * from './messages.js';
export * from './permissions.js';
export * from './session.js';
export * from './validation.js';
