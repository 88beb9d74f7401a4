// Preloaded into the server by bench/abuse.ts (`node --import`): every 20 ms a timer notes how
// late it fired, and once a second the lags are written to stderr as `LOOPLAG [[epoch ms, lag
// ms], …]`. The
// bench's own /api/health timings include its process's scheduling; this is the server's view.
const EVERY_MS = 20;
let lags = [];
let expected = performance.now() + EVERY_MS;
setInterval(() => {
  const now = performance.now();
  lags.push([Date.now(), Math.round(Math.max(0, now - expected) * 10) / 10]);
  expected = now + EVERY_MS;
}, EVERY_MS).unref();
setInterval(() => {
  process.stderr.write(`LOOPLAG ${JSON.stringify(lags)}\n`);
  lags = [];
}, 1_000).unref();

// And how long the server takes over each /api/health, from its request event to the response's
// end: waits inside the server that are not loop lag (a busy database, a queue).
import http from 'node:http';
let served = [];
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, request, response) {
  if (event === 'request' && request.url === '/api/health') {
    const startedAt = performance.now();
    response.once('finish', () => {
      served.push([Date.now(), Math.round((performance.now() - startedAt) * 10) / 10]);
    });
  }
  return emit.apply(this, arguments);
};
setInterval(() => {
  process.stderr.write(`HEALTHSERVED ${JSON.stringify(served)}\n`);
  served = [];
}, 1_000).unref();
