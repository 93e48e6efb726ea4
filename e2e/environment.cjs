// The journeys' test environment: Node's, noting whether a test or hook of the file failed (a retried
// flake included), so the file's end can print what the site's servers said meanwhile (stopJourney).
// It also gives the tests Node's WebSocket (jest's Node environment leaves it out), with which a
// server that does not stop is asked where it is stuck (site.ts).
const { TestEnvironment } = require('jest-environment-node');

class JourneyEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    if (globalThis.WebSocket) this.global.WebSocket = globalThis.WebSocket;
  }

  async handleTestEvent(event) {
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') this.global.__qfJourneyFailed = true;
  }
}

module.exports = JourneyEnvironment;
