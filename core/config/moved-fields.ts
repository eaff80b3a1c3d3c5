/**
 * Site fields that only one plugin reads live in that plugin's options. A region file still written the old way is
 * refused with the field's new place, so an operator knows where to move the value.
 */
const MOVED_FIELDS: Readonly<Record<string, { plugin: string; option: string }>> = {
  collectId: { plugin: 'analytics', option: 'collectId' },
  gtagId: { plugin: 'analytics', option: 'gtagId' },
  bigData: { plugin: 'analytics', option: 'bigData' },
  hiddenAppDownload: { plugin: 'app-bar', option: 'hiddenAppDownload' },
  hiddenNotification: { plugin: 'notifications', option: 'hiddenNotification' },
  chatroom: { plugin: 'chat', option: 'chatroom' },
};

/** `'chatroom' moved to plugins.chat.options.chatroom`, or undefined for a field that never moved. */
export function movedFieldMessage(field: string): string | undefined {
  if (!Object.prototype.hasOwnProperty.call(MOVED_FIELDS, field)) return undefined;
  const { plugin, option } = MOVED_FIELDS[field];
  return `'${field}' moved to plugins.${plugin}.options.${option}`;
}
