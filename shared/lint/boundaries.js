// The workspace boundary as a lint rule: a file never reaches another workspace's files by a relative
// path, at any depth. Path globs in no-restricted-imports only catch the depths they spell out (a file
// at mf-content/server/search/ importing '../../../mf-events/src/routes' passed '../../*/src/*'), so
// this rule resolves each relative specifier against the importing file and compares the workspaces
// of the two paths. Sections meet through @qf/shared's entry points (checked by no-restricted-imports).
'use strict';
const path = require('node:path');

/** The repository's workspaces (the root package.json's): the first folder of a path under the root names its workspace. */
const WORKSPACES = require('../../scripts/workspaces.cjs').workspaceNames;

/** The workspace `file` belongs to under `root`, or undefined (the root's own tooling: scripts, deploy, content). */
function workspaceOf(root, file) {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const first = relative.split(path.sep)[0];
  return WORKSPACES.includes(first) ? first : undefined;
}

/** The string of a specifier node when it is a literal (or a template without expressions). */
function specifierOf(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return undefined;
}

/** The rule, for a repository whose root is `root`. */
function workspaceBoundaries(root) {
  return {
    meta: {
      type: 'problem',
      docs: { description: "Forbid reaching another workspace's files by a relative path" },
      schema: [],
      messages: {
        crossing: "'{{specifier}}' reaches into {{target}} from {{from}}: sections meet only through @qf/shared's entry points (bus, contracts, routing, i18n, react, content, server).",
      },
    },
    create(context) {
      const file = context.filename;
      const from = workspaceOf(root, file);
      if (!from) return {};
      const check = (node, specifier) => {
        if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
        const target = workspaceOf(root, path.resolve(path.dirname(file), specifier));
        if (target && target !== from) context.report({ node, messageId: 'crossing', data: { specifier, target, from } });
      };
      const isCall = (callee, object, name) =>
        callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === object && callee.property.type === 'Identifier' && callee.property.name === name;
      return {
        ImportDeclaration: (node) => check(node.source, node.source.value),
        ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
        ExportAllDeclaration: (node) => check(node.source, node.source.value),
        ImportExpression: (node) => check(node.source, specifierOf(node.source)),
        TSImportEqualsDeclaration: (node) => node.moduleReference.type === 'TSExternalModuleReference' && check(node.moduleReference.expression, specifierOf(node.moduleReference.expression)),
        TSImportType: (node) => check(node, specifierOf(node.source)),
        CallExpression(node) {
          const { callee } = node;
          // require('…'), require.resolve('…'), and jest's module mocks, whose paths are module paths too.
          const takesPath =
            (callee.type === 'Identifier' && callee.name === 'require') ||
            isCall(callee, 'require', 'resolve') ||
            ['mock', 'doMock', 'requireActual', 'unmock'].some((name) => isCall(callee, 'jest', name));
          if (takesPath && node.arguments.length) check(node.arguments[0], specifierOf(node.arguments[0]));
        },
      };
    },
  };
}

/** The plugin: `plugins: { qf: boundariesPlugin(root) }`, rule `qf/workspace-boundaries`. */
function boundariesPlugin(root) {
  return { meta: { name: 'qf-boundaries' }, rules: { 'workspace-boundaries': workspaceBoundaries(root) } };
}

module.exports = { WORKSPACES, boundariesPlugin, workspaceOf };
