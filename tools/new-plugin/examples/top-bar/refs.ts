import { createPluginRef } from '../../../../core/plugin-api';

/** This plugin, for other plugins' `requires`/`optional`: `optional: [ANNOUNCEMENT_PLUGIN]`. */
export const ANNOUNCEMENT_PLUGIN = createPluginRef('announcement');
