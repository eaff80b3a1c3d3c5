import { createLoaderRef, createPluginRef } from '../../../../core/plugin-api';
import type { Summary } from './rules';

/** This plugin, for other plugins' `requires`/`optional`: `optional: [CAMPAIGN_PLUGIN]`. */
export const CAMPAIGN_PLUGIN = createPluginRef('campaign');

/** The page's figure, loaded on the server (null when the back end did not give one): `useLoaderData(CAMPAIGN_SUMMARY)`. */
export const CAMPAIGN_SUMMARY = createLoaderRef<Summary | null>('campaign/summary');
