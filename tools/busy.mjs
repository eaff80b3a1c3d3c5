// `npm run test:busy [-- <command>]`: runs a command (default: `npm test`) while CPU hogs keep the machine busy, to
// check that no test depends on timing. BUSY_HOGS (default 1) busy loops, each taking one core, run at normal priority
// beside the command for its whole length: on 2 cores, one hog and the suite's own load give a load average of 3-4.
// Exits with the command's code.
import { spawn } from 'node:child_process';

const hogs = Math.max(1, Number(process.env.BUSY_HOGS ?? 1));
const command = process.argv.slice(2).join(' ') || 'npm test';

const running = Array.from({ length: hogs }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopHogs = () => running.forEach((h) => h.kill('SIGKILL'));
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

console.log(`[busy] ${hogs} CPU hog(s) running beside: ${command}`);
const child = spawn(command, { shell: true, stdio: 'inherit' });
child.on('close', (code) => {
  stopHogs();
  console.log(`[busy] ${command}: exit ${code}`);
  process.exit(code ?? 1);
});
