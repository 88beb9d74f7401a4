// `npm test`: every vitest project, with the browser journeys in a second vitest process beside
// the others. In one process vitest runs its groups one after another, and the browser project
// (one file at a time) is a group of its own, so it ran after the node and client files; its
// files spend much of their time waiting (a running app, a one-minute lock, quiet screens), which
// the node files fill. bench/README.md ("Test time: the whole suite") has the figures.
//
// With arguments (`npm test -- tests/api/x.test.ts`, `--project client`, …) it is plain
// `vitest run <arguments>`, one process. The browser process's output is held back until the
// other process ends, so the two logs do not interleave; the closing line stays one
// `Tests: N passed, N failed, N skipped` over both.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const args = process.argv.slice(2);

if (args.length > 0) {
  const child = spawn(process.execPath, [vitest, 'run', ...args], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal ? 1 : 0);
  });
} else {
  const SUMMARY = /^Tests: (\d+) passed, (\d+) failed, (\d+) skipped$/;
  const totals = [0, 0, 0];
  const children = [];
  const env = { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) };

  /** Runs one vitest process; its lines go to `write`, its summary line into the totals. */
  const run = (projectArgs, write) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [vitest, 'run', ...projectArgs], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      let partial = '';
      const line = (text) => {
        const summary = SUMMARY.exec(text);
        if (summary) summary.slice(1).forEach((n, i) => (totals[i] += Number(n)));
        else write(`${text}\n`);
      };
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        lines.forEach(line);
      });
      child.on('exit', (code, signal) => {
        if (partial) line(partial);
        resolve(code ?? (signal ? 1 : 0));
      });
    });

  const stop = (signal) => {
    for (const child of children) child.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  let held = [];
  const write = (text) => process.stdout.write(text);
  const others = run(['--project', '!browser'], write).then((code) => {
    write(held.join(''));
    held = null;
    return code;
  });
  const browser = run(['--project', 'browser'], (text) => (held ? held.push(text) : write(text)));
  const codes = await Promise.all([others, browser]);
  write(`\nTests: ${totals[0]} passed, ${totals[1]} failed, ${totals[2]} skipped\n`);
  process.exitCode = codes.find((code) => code !== 0) ?? 0;
}
