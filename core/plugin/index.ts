export { definePlugin, PLUGIN_ID_PATTERN } from './define';
export { PluginError } from './errors';
export * from './types';
