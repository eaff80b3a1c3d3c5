// Sets up ICU's number, plural-rule, date-format and time-zone data in this thread for the whole process
// (intl-warm-up.ts), then ends.
new Intl.NumberFormat().format(0);
new Intl.PluralRules().select(0);
new Intl.DateTimeFormat().format(0);
(globalThis as unknown as { close(): void }).close();
