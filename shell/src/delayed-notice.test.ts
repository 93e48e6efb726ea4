import { createDelayedNotice, DELAYED_NOTICE_MS } from './delayed-notice';

describe('the delayed-load notice', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('appears after 1000 ms of loading and goes when the navigation ends', () => {
    expect(DELAYED_NOTICE_MS).toBe(1000);
    const show = jest.fn();
    const end = createDelayedNotice(show).begin();
    jest.advanceTimersByTime(999);
    expect(show).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(show).toHaveBeenLastCalledWith(true);
    end();
    expect(show).toHaveBeenLastCalledWith(false);
  });

  it('never appears for a navigation that ends in time', () => {
    const show = jest.fn();
    const end = createDelayedNotice(show).begin();
    jest.advanceTimersByTime(500);
    end();
    jest.advanceTimersByTime(5000);
    expect(show).not.toHaveBeenCalledWith(true);
  });

  it('follows the latest navigation when one replaces another', () => {
    const show = jest.fn();
    const notice = createDelayedNotice(show);
    const endFirst = notice.begin();
    jest.advanceTimersByTime(800);
    const endSecond = notice.begin();
    jest.advanceTimersByTime(800);
    expect(show).not.toHaveBeenCalledWith(true);
    endFirst();
    jest.advanceTimersByTime(200);
    expect(show).toHaveBeenLastCalledWith(true);
    endFirst();
    expect(show).toHaveBeenLastCalledWith(true);
    endSecond();
    expect(show).toHaveBeenLastCalledWith(false);
  });
});
