/** The registry's decision for one region: serialized into the page for hydration. */
export interface PlannedPlugin {
  id: string;
  options: Record<string, unknown>;
}

export interface RegionPlan {
  region: string;
  /** Enabled plugins in dependency order, options validated and completed with defaults. */
  plugins: PlannedPlugin[];
}
