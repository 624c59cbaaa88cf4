// Loaded by `node --require` into the `docusaurus start` that `npm start`
// runs (scripts/start.ts): patches the installed core that this site
// resolves before the start command loads it: plugin reloads batched
// (batch-plugin-reloads.cjs), generated files replaced in one step
// (atomic-generate.cjs).
'use strict';

const {createRequire} = require('node:module');
const path = require('node:path');
const batchPluginReloads = require('./batch-plugin-reloads.cjs');
const atomicGenerate = require('./atomic-generate.cjs');

const corePackage = require.resolve('@docusaurus/core/package.json', {paths: [process.cwd()]});
batchPluginReloads.install(require(path.join(path.dirname(corePackage), 'lib/server/site.js')));
// The @docusaurus/utils the core itself imports.
const utilsPackage = createRequire(corePackage).resolve('@docusaurus/utils/package.json');
atomicGenerate.install(require(path.join(path.dirname(utilsPackage), 'lib/emitUtils.js')));
