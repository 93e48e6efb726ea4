import { reportFailure, resetReportsForTest } from './release-beacon';

describe('reportFailure', () => {
  beforeEach(() => {
    resetReportsForTest();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('logs every failure and tells the shell of a remote’s, once per failure, ten a page at most', () => {
    const send = jest.fn(() => true);
    reportFailure(new Error('no remote'), undefined, send);
    expect(send).not.toHaveBeenCalled();
    reportFailure(new Error('view threw'), { remote: 'mf-events', kind: 'render' }, send);
    expect(send).toHaveBeenCalledWith('/_qf/beacon', '{"remote":"mf-events","kind":"render"}');
    for (let i = 0; i < 20; i++) reportFailure(new Error('again'), { remote: 'mf-events', kind: 'mount' }, send);
    expect(send).toHaveBeenCalledTimes(10);
    expect(console.error).toHaveBeenCalledTimes(22);
  });
});
