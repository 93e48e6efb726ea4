// The one list of the repository's workspaces and sections: the root package.json's `workspaces`.
// Every script, test and lint rule that needs "the sections" reads them here (scripts/workspaces.mjs for
// the ES module scripts, require('…/scripts/workspaces.cjs') for TypeScript, jest and ESLint): a section
// is a workspace whose folder is its name, `mf-` and lowercase letters and dashes (the contracts'
// REMOTE_NAME_PATTERN; shared/src/contracts/contracts.test.ts checks each one). At run time the sections
// that exist are the registry's (the shell never reads this file), so a section built elsewhere joins a
// running site without it (issue 33, item 5).
'use strict';
const { readFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Every workspace, in the root package.json's order. */
const workspaceNames = Object.freeze([...readJson(path.join(root, 'package.json')).workspaces]);

/** The sections: the workspaces named `mf-…`, in the same order. */
const sectionNames = Object.freeze(workspaceNames.filter((name) => name.startsWith('mf-')));

/** The port of the first section when none says its own; the shell's is 3000. */
const FIRST_SECTION_PORT = 3001;

/**
 * Each section with the port its server listens on when run alone (`npm start -w <section>`): its
 * package.json's `qf.port`, else the next port after the sections before it (mf-content 3001 … mf-forms
 * 3005, as @qf/shared/server's defaultPorts, which a test compares). A new section is added at the end
 * of the workspaces, or says its port.
 */
const sections = Object.freeze(
  sectionNames.map((name, i) => {
    const own = readJson(path.join(root, name, 'package.json')).qf?.port;
    return Object.freeze({ name, port: typeof own === 'number' ? own : FIRST_SECTION_PORT + i });
  }),
);

const shell = Object.freeze({ name: 'shell', port: 3000 });

module.exports = { root, workspaceNames, sectionNames, sections, shell };
