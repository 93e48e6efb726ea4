// Subresource Integrity for the files a section's browser build loads by itself (issue 37, item 5).
//
// The page loads a section's remote entry with the digest its release gives (the registry's
// `browserIntegrity`, from the release record); the entry then loads the section's chunks and
// stylesheets through webpack's runtime (`__webpack_require__.l`, mini-css-extract's link tags), which
// nothing checked: a changed chunk on the section's host or in the store ran in every visitor's page.
// This plugin writes the digest of each chunk's script and stylesheet into the runtime of the chunk
// that loads it (the remote entry), and the runtime sets `integrity` on every script and link it
// creates, so a browser refuses a file whose bytes are not the ones built. The entry's own digest covers
// the digests in it: one digest in the page vouches for the whole build.
//
// The digests are of the files as emitted (after minification, source-map comments and webpack's real
// content hashes): the runtime carries a stand-in of the same length per file while the build runs,
// replaced once every file is final, so no offset in the entry (its source map) moves.
'use strict';
const crypto = require('node:crypto');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

const NAME = 'ChunkIntegrityPlugin';
/** SHA-256, as the registry's digests (release.ts): a preload the server writes and the runtime's script carry the same string. */
const ALGORITHM = 'sha256';

/** The SRI digest of `bytes`: `sha256-<base64>`, 51 characters. */
const digestOf = (bytes) => `${ALGORITHM}-${crypto.createHash(ALGORITHM).update(bytes).digest('base64')}`;

/**
 * A stand-in for the digest of chunk `chunkId`'s file of `kind` (js, css): as long as a digest and shaped
 * like one (`sha256-`, 43 characters of the base64 alphabet, `=`), unique to the file, the same in every
 * build (the runtime's hash, and so the entry's name, depends on it).
 */
const placeholderOf = (kind, chunkId) => `${ALGORITHM}-${crypto.createHash('sha256').update(`qf-chunk-integrity:${kind}:${chunkId}`).digest('hex').slice(0, 43)}=`;

class ChunkIntegrityPlugin {
  apply(compiler) {
    const { Compilation, RuntimeGlobals, RuntimeModule, Template, sources } = compiler.webpack;
    const { LoadScriptRuntimeModule } = compiler.webpack.runtime;
    // `__webpack_require__.qfIntegrity`: { js: { [chunkId]: digest }, css: { [chunkId]: digest } }.
    const table = `${RuntimeGlobals.require}.qfIntegrity`;

    class ChunkIntegrityRuntimeModule extends RuntimeModule {
      constructor() {
        super('chunk integrity');
      }
      generate() {
        const { chunk, compilation } = this;
        const js = {};
        const css = {};
        const ids = [...chunk.getAllAsyncChunks()].map((c) => [c.id, c]).sort(([a], [b]) => (String(a) < String(b) ? -1 : 1));
        for (const [id, c] of ids) {
          if (compilation.chunkGraph.getChunkModulesIterableBySourceType(c, 'javascript')) js[id] = placeholderOf('js', id);
          if (compilation.chunkGraph.getChunkModulesIterableBySourceType(c, 'css/mini-extract')) css[id] = placeholderOf('css', id);
        }
        return `${table} = ${JSON.stringify({ js, css })};`;
      }
    }

    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.additionalTreeRuntimeRequirements.tap(NAME, (chunk) => {
        if (chunk.getAllAsyncChunks().size > 0) compilation.addRuntimeModule(chunk, new ChunkIntegrityRuntimeModule());
      });
      // A script the runtime makes for a chunk (`chunkId` is the loader's argument; undefined for a URL it is asked for otherwise).
      LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap(NAME, (source) =>
        Template.asString([source, `if (${table} && chunkId !== undefined && ${table}.js[chunkId]) script.integrity = ${table}.js[chunkId];`]),
      );
      // A chunk's stylesheet.
      MiniCssExtractPlugin.getCompilationHooks(compilation).beforeTagInsert.tap(NAME, (source, { tag, chunkId }) =>
        Template.asString([source, `if (${table} && ${table}.css[${chunkId}]) ${tag}.integrity = ${table}.css[${chunkId}];`]),
      );
      // Once every file is final (after webpack's real content hashes rewrote file names in them).
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, () => {
        const digests = new Map();
        for (const chunk of compilation.chunks) {
          for (const file of chunk.files) {
            const kind = file.endsWith('.js') ? 'js' : file.endsWith('.css') ? 'css' : undefined;
            const asset = kind && compilation.getAsset(file);
            if (asset) digests.set(placeholderOf(kind, chunk.id), digestOf(asset.source.buffer()));
          }
        }
        for (const chunk of compilation.chunks) {
          if (!chunk.hasRuntime() || chunk.getAllAsyncChunks().size === 0) continue;
          for (const file of chunk.files) {
            if (!file.endsWith('.js')) continue;
            const asset = compilation.getAsset(file);
            const text = asset.source.source().toString();
            const source = new sources.ReplaceSource(asset.source, file);
            let replaced = 0;
            for (const [placeholder, digest] of digests) {
              for (let at = text.indexOf(placeholder); at !== -1; at = text.indexOf(placeholder, at + placeholder.length)) {
                source.replace(at, at + placeholder.length - 1, digest);
                replaced++;
              }
            }
            // A stand-in left over names a chunk that emitted no such file: the browser would refuse it.
            const left = [...new Set(text.match(new RegExp(`${ALGORITHM}-[0-9a-f]{43}=`, 'g')) ?? [])].filter((p) => !digests.has(p));
            if (left.length) compilation.errors.push(new compiler.webpack.WebpackError(`${NAME}: ${file} names ${left.length} chunk file(s) the build did not emit`));
            if (replaced) compilation.updateAsset(file, source);
          }
        }
      });
    });
  }
}

module.exports = { ChunkIntegrityPlugin, digestOf, placeholderOf };
