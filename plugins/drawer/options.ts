/** Options of the drawer plugin (schema.json). */
export interface DrawerOptions {
  /** Put the language prefix on every drawer link, not only on the on-chain one. */
  prefixAllLinks: boolean;
  /** Show the Deposit button in the header (the drawer still opens on 'drawer:open'). */
  headerButton: boolean;
  /** Serve the deposit page /myaccount/deposit/:currency with the method picker. */
  depositPage: boolean;
  /** Currencies offered in the deposit page's currency select. */
  currencies: string[];
}
