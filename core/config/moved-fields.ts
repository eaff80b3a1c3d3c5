/**
 * Site fields that only one plugin reads live in that plugin's options; site switches that only turned one plugin's
 * feature on or off are that plugin's presence in the region file. A region file still written the old way is refused
 * with the field's new place, so an operator knows where to move the value.
 */

/** A plugin option, or the plugin's presence: listed where `shows` is on the site (left out there when `inverted`). */
type NewPlace = { plugin: string; option: string } | { plugin: string; shows: string; inverted?: true };

const MOVED_FIELDS: Readonly<Record<string, NewPlace>> = {
  collectId: { plugin: 'analytics', option: 'collectId' },
  gtagId: { plugin: 'analytics', option: 'gtagId' },
  fbId: { plugin: 'analytics', option: 'fbId' },
  bigData: { plugin: 'analytics', option: 'bigData' },
  hiddenAppDownload: { plugin: 'app-bar', shows: 'the app-download bar', inverted: true },
  hiddenNotification: { plugin: 'notifications', option: 'hiddenNotification' },
  chatroom: { plugin: 'chat', shows: 'the chat room' },
  authorizedLogin: { plugin: 'auth', option: 'authorizedLogin' },
  thirdPartyClientIds: { plugin: 'auth', option: 'thirdPartyClientIds' },
};

/** Plugin options their plugin's presence replaced (`<plugin id>.<option>`), with the site field each one mirrored. */
const PRESENCE_OPTIONS: Readonly<Record<string, string>> = {
  'chat.chatroom': 'chatroom',
  'app-bar.hiddenAppDownload': 'hiddenAppDownload',
};

/** The sentence naming where a field went. */
function newPlaceMessage(field: string, place: NewPlace): string {
  if ('option' in place) return `'${field}' moved to plugins.${place.plugin}.options.${place.option}`;
  const { plugin, shows, inverted } = place;
  const [sense, elsewhere] = inverted ? [', inverted', 'where it is hidden'] : ['', 'elsewhere'];
  return `'${field}' is now the ${plugin} plugin's presence${sense}: list plugins.${plugin} in the regions that show ${shows}, leave it out ${elsewhere}`;
}

/** `'gtagId' moved to plugins.analytics.options.gtagId`, or undefined for a field that never moved. */
export function movedFieldMessage(field: string): string | undefined {
  return Object.hasOwn(MOVED_FIELDS, field) ? newPlaceMessage(field, MOVED_FIELDS[field]) : undefined;
}

/** Plugin options (`<plugin id>.<option path>`) another switch replaced, with what switches it now. */
const GONE_OPTIONS: Readonly<Record<string, string>> = {
  'marketing.vipPopup/regions': "each region's own file switches it with plugins.marketing.options.vipPopup.enabled",
  'chart.defaultSymbol': "the default market is plugins.chart.options.defaultBase quoted in the site's defaultCurrB (BTC_TRY where it is try)",
};

/** For a plugin option that went (its plugin's presence or another switch replaced it), why; else undefined. */
export function removedOptionMessage(plugin: string, option: string): string | undefined {
  const key = `${plugin}.${option}`;
  if (Object.hasOwn(PRESENCE_OPTIONS, key)) return movedFieldMessage(PRESENCE_OPTIONS[key]);
  if (!Object.hasOwn(GONE_OPTIONS, key)) return undefined;
  return `'${option.replaceAll('/', '.')}' is gone: ${GONE_OPTIONS[key]}`;
}
