// Sets up ICU's date-format and time-zone data in this thread for the whole process (intl-warm-up.ts), then says so.
new Intl.DateTimeFormat().format(0);
(globalThis as unknown as { postMessage(message: unknown): void }).postMessage('ready');
