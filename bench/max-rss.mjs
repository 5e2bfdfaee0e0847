// Loaded with `node --import ./bench/max-rss.mjs ...` by bench/fleet-merge.ts: prints the process's peak resident
// memory (getrusage's ru_maxrss, process.resourceUsage().maxRSS, KiB) and its CPU time (user + system, µs) to
// stderr as it exits.
process.on('exit', () => {
  const u = process.resourceUsage();
  process.stderr.write(`max-rss-kib ${u.maxRSS} cpu-us ${u.userCPUTime + u.systemCPUTime}\n`);
});
