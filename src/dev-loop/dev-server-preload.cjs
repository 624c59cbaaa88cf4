// Loaded by `node --require` into the `docusaurus start` that `npm start`
// runs (scripts/start.ts): patches the installed core that this site
// resolves before the start command loads it (batch-plugin-reloads.cjs).
'use strict';

const path = require('node:path');
const {install} = require('./batch-plugin-reloads.cjs');

const corePackage = require.resolve('@docusaurus/core/package.json', {paths: [process.cwd()]});
install(require(path.join(path.dirname(corePackage), 'lib/server/site.js')));
