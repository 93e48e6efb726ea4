import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const webpack = require('webpack') as (config: object, callback: (error: Error | null, stats?: { hasErrors(): boolean; toString(o: string): string }) => void) => void;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MiniCssExtractPlugin = require('mini-css-extract-plugin') as (new (options: object) => object) & { loader: string };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ChunkIntegrityPlugin } = require('./chunk-integrity.js') as { ChunkIntegrityPlugin: new () => object };

jest.setTimeout(60_000);

const sri = (bytes: Buffer) => `sha256-${createHash('sha256').update(bytes).digest('base64')}`;

describe('the digests a build writes into the runtime that loads its chunks (issue 37, item 5)', () => {
  let dir: string;
  let out: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'qf-chunk-integrity-'));
    out = path.join(dir, 'dist');
    writeFileSync(path.join(dir, 'entry.js'), "import('./view').then((m) => m.show());\n");
    writeFileSync(path.join(dir, 'view.js'), "import './view.css';\nexport function show() { document.title = 'view'; }\n");
    writeFileSync(path.join(dir, 'view.css'), '.view { color: #123456; }\n');
    await new Promise<void>((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          devtool: 'source-map',
          entry: { main: './entry.js' },
          output: { path: out, filename: '[name].[contenthash:10].js', chunkFilename: '[name].[contenthash:10].js', crossOriginLoading: 'anonymous' },
          module: { rules: [{ test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] }] },
          plugins: [new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css' }), new ChunkIntegrityPlugin()],
          optimization: { chunkIds: 'deterministic' },
        },
        (error, stats) => (error || stats?.hasErrors() ? reject(error ?? new Error(stats!.toString('errors-only'))) : resolve()),
      ),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const files = () => readdirSync(out).filter((f) => !f.endsWith('.map'));
  const runtime = () => readFileSync(path.join(out, files().find((f) => f.startsWith('main.'))!), 'utf8');

  it('holds the digest of each chunk file as emitted, script and stylesheet', () => {
    const chunkFiles = files().filter((f) => !f.startsWith('main.'));
    expect(chunkFiles.filter((f) => f.endsWith('.js'))).toHaveLength(1);
    expect(chunkFiles.filter((f) => f.endsWith('.css'))).toHaveLength(1);
    for (const f of chunkFiles) expect(runtime()).toContain(sri(readFileSync(path.join(out, f))));
  });

  it('leaves no stand-in, and sets the digest on the script and the link it creates', () => {
    expect(runtime()).not.toMatch(/sha256-[0-9a-f]{43}=/);
    expect(runtime()).toMatch(/\.integrity=\w+\.qfIntegrity\.js\[/);
    expect(runtime()).toMatch(/\.integrity=\w+\.qfIntegrity\.css\[/);
  });
});
