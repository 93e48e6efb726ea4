// The journeys' test environment: Node's, noting whether a test or hook of the file failed (a retried
// flake included), so the file's end can print what the site's servers said meanwhile (stopJourney).
const { TestEnvironment } = require('jest-environment-node');

class JourneyEnvironment extends TestEnvironment {
  async handleTestEvent(event) {
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') this.global.__qfJourneyFailed = true;
  }
}

module.exports = JourneyEnvironment;
