// Sets up ICU's date-format and time-zone data in this thread for the whole process (intl-warm-up.ts), then ends.
new Intl.DateTimeFormat().format(0);
(globalThis as unknown as { close(): void }).close();
