export { definePlugin, loader } from './define';
export { PluginError } from './errors';
export * from './types';
