import { buildShellServer } from './app';
import { loadConfig } from './config';

async function main() {
  const config = loadConfig();
  const app = await buildShellServer(config);
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`shell listening on http://${config.HOST}:${config.PORT}`);
  const stop = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
