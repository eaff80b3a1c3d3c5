import { createPluginRef } from '../../../../core/plugin-api';

/** This plugin, for other plugins' `requires`/`optional`: `optional: [WHATS_NEW_PLUGIN]`. */
export const WHATS_NEW_PLUGIN = createPluginRef('whats-new');
