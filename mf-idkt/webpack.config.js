const { createRemoteConfigs } = require('@qf/shared/build');

module.exports = createRemoteConfigs({
  dir: __dirname,
  exposes: { './parcel': './src/parcel.ts', './routes': './src/routes.ts' },
  serverExposes: { './server': './src/server.ts', './routes': './src/routes.ts' },
});
