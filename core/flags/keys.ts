/**
 * The flag key convention (see README.md): every flag the shell reads names one plugin and what it changes.
 * - `plugin.<id>.enabled`          boolean: kill switch, percentage rollout, targeting of a plugin;
 * - `plugin.<id>.option.<name>`    the value of one top-level option of the plugin (type of that option);
 * - `plugin.<id>.priority.<slot>`  number: the priority of the plugin's items in one slot.
 */
import { PLUGIN_ID_PATTERN } from '../plugin/define';

export type FlagTarget =
  { kind: 'enabled'; plugin: string } | { kind: 'option'; plugin: string; option: string } | { kind: 'priority'; plugin: string; slot: string };

/** Longest flag key accepted (characters). */
const MAX_FLAG_KEY_LENGTH = 200;

const OPTION_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SLOT_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** What a flag key addresses, or a sentence saying why it does not follow the convention. */
export function parseFlagKey(key: string): FlagTarget | string {
  if (key.length > MAX_FLAG_KEY_LENGTH) return `flag key longer than ${MAX_FLAG_KEY_LENGTH} characters`;
  const parts = key.split('.');
  const [head, plugin, what, name, ...rest] = parts;
  const usage = "flag keys are 'plugin.<id>.enabled', 'plugin.<id>.option.<name>' or 'plugin.<id>.priority.<slot>'";
  if (head !== 'plugin' || !plugin || rest.length) return usage;
  if (!PLUGIN_ID_PATTERN.test(plugin)) return `'${plugin}' is not a valid plugin id (kebab-case, e.g. 'site-switch')`;
  if (what === 'enabled' && name === undefined) return { kind: 'enabled', plugin };
  if (what === 'option' && name !== undefined) {
    return OPTION_NAME.test(name) ? { kind: 'option', plugin, option: name } : `'${name}' is not an option name`;
  }
  if (what === 'priority' && name !== undefined) {
    return SLOT_NAME.test(name) ? { kind: 'priority', plugin, slot: name } : `'${name}' is not a slot name`;
  }
  return usage;
}
