export { definePlugin } from './define';
export { PluginError } from './errors';
export * from './types';
