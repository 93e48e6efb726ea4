// CSS Modules in Jest: every class name maps to itself, so tests can query by class when they must.
module.exports = new Proxy({}, { get: (_t, key) => (key === '__esModule' ? false : String(key)) });
