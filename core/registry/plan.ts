/** The registry's decision for one region: serialized into the page for hydration. */
export interface PlannedPlugin {
  id: string;
  options: Record<string, unknown>;
  /** Slot item priorities a rollout flag set for this request, by slot name (absent when none). */
  priorities?: Record<string, number>;
}

export interface RegionPlan {
  region: string;
  /** Enabled plugins in dependency order, options validated and completed with defaults. */
  plugins: PlannedPlugin[];
}
