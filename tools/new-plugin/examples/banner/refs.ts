import { createPluginRef } from '../../../../core/plugin-api';

/** This plugin, for other plugins' `requires`/`optional`: `optional: [WELCOME_PLUGIN]`. */
export const WELCOME_PLUGIN = createPluginRef('welcome');
