/** `npm run validate -- <files or folders>`: checks region configs (see run.ts for options and exit codes). */
import '@abraham/reflection';
import { runCli } from './run';

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
