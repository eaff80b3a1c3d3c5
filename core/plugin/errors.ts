/** An error in a plugin definition, its options or its contributions; the message always names the plugin. */
export class PluginError extends Error {
  constructor(
    readonly pluginId: string,
    message: string,
  ) {
    super(`Plugin '${pluginId}': ${message}`);
    this.name = 'PluginError';
  }
}
