// Loaded by `node --require` into a Docusaurus process of the build
// (scripts/docusaurus-command.ts): when the process exits, writes its peak
// resident memory in bytes, as the kernel counts it (its threads included,
// its child processes not), to the file PEAK_MEMORY_FILE names.
'use strict';

const {writeFileSync} = require('node:fs');

const file = process.env.PEAK_MEMORY_FILE;
if (file) {
  // The variable is this process's alone: the processes it starts report nothing.
  delete process.env.PEAK_MEMORY_FILE;
  process.on('exit', () => {
    // resourceUsage().maxRSS is in kilobytes (1,024 bytes).
    writeFileSync(file, String(process.resourceUsage().maxRSS * 1024));
  });
}
