const { createShellConfigs } = require('@qf/shared/build');

module.exports = createShellConfigs({ dir: __dirname });
