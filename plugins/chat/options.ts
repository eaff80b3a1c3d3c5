/** Options of the chat plugin (schema.json). */
export interface ChatOptions {
  /** Chat box height in px (spec 000 §9: 700). */
  height: number;
  /** Chat box width in px (spec 000 §9: 400). */
  width: number;
  /** Prefetch the room's entry page when idle. */
  prefetch: boolean;
}
